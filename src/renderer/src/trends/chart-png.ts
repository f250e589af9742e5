/** The properties that colour a chart: copied inline so the picture keeps the theme's colours outside the page. */
const PAINT = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'font-size', 'font-family', 'opacity'] as const

/**
 * A chart as a PNG in base64, drawn at twice its size for sharp lines: the SVG is copied with its
 * computed colours, loaded as an image from a data: URL (allowed by the page's img-src) and painted
 * on a canvas over the surface colour. Nothing is written here; main saves the file.
 */
export async function chartPng(svg: SVGSVGElement): Promise<string> {
  const copy = svg.cloneNode(true) as SVGSVGElement
  const originals = [svg, ...svg.querySelectorAll('*')]
  const copies = [copy, ...copy.querySelectorAll('*')]
  originals.forEach((original, index) => {
    const target = copies[index]
    if (!(target instanceof SVGElement)) return
    const style = getComputedStyle(original)
    for (const property of PAINT) target.style.setProperty(property, style.getPropertyValue(property))
  })
  const box = svg.viewBox.baseVal
  const scale = 2
  copy.setAttribute('width', String(box.width))
  copy.setAttribute('height', String(box.height))
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`
  const image = new Image()
  image.src = url
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = box.width * scale
  canvas.height = box.height * scale
  const context = canvas.getContext('2d')
  if (context === null) throw new Error('This window cannot draw the chart as an image.')
  context.fillStyle = getComputedStyle(svg).backgroundColor || '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.drawImage(image, 0, 0, canvas.width, canvas.height)
  const dataUrl = canvas.toDataURL('image/png')
  return dataUrl.slice(dataUrl.indexOf(',') + 1)
}
