/**
 * Puts text on the clipboard from a click. A copy event works in the sandboxed window without a
 * clipboard permission (main denies every permission request), where `navigator.clipboard` may not.
 */
export function copyText(text: string): boolean {
  const onCopy = (event: ClipboardEvent) => {
    event.clipboardData?.setData('text/plain', text)
    event.preventDefault()
  }
  document.addEventListener('copy', onCopy)
  try {
    return document.execCommand('copy')
  } finally {
    document.removeEventListener('copy', onCopy)
  }
}
