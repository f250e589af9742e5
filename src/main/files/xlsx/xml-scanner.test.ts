import { describe, expect, it } from 'vitest'
import { attribute, createXmlScanner, forEachAttribute, XmlFormatError } from './xml-scanner'

function events(xml: string, size: number): string[] {
  const seen: string[] = []
  let text = ''
  const flush = () => {
    if (text !== '') seen.push(`text:${text}`)
    text = ''
  }
  const scanner = createXmlScanner({
    open(name, attributes, selfClosing) {
      flush()
      seen.push(`open:${name}${selfClosing ? '/' : ''}:${attribute(attributes, 'r') ?? ''}`)
    },
    close(name) {
      flush()
      seen.push(`close:${name}`)
    },
    text(piece) {
      text += piece
    }
  })
  for (let start = 0; start < xml.length; start += size) scanner.write(xml.slice(start, start + size))
  scanner.end()
  flush()
  return seen
}

const XML =
  '<?xml version="1.0"?><!-- a comment > with a bracket --><x:row r="1" spans="1:2"><c r=\'A1\' t="s" f=">=1"><v>12</v></c>' +
  '<c r="B1"/><is><t xml:space="preserve"> A &amp; B &lt;&#x41;&#66;&gt; </t><t><![CDATA[<raw>&amp;]]></t></is></x:row>'

describe('the XML scanner', () => {
  it('gives the same elements, attributes and text however the document is cut', () => {
    const whole = events(XML, XML.length)
    expect(whole).toEqual([
      'open:row:1',
      'open:c:A1',
      'open:v:',
      'text:12',
      'close:v',
      'close:c',
      'open:c/:B1',
      'open:is:',
      'open:t:',
      'text: A & B <AB> ',
      'close:t',
      'open:t:',
      'text:<raw>&amp;',
      'close:t',
      'close:is',
      'close:row'
    ])
    for (let size = 1; size < XML.length; size++) expect(events(XML, size), `pieces of ${size}`).toEqual(whole)
  })

  it('refuses a document type declaration, an unknown entity, NUL by reference, and a document cut inside a tag', () => {
    expect(() => events('<!DOCTYPE a><a/>', 4)).toThrow(XmlFormatError)
    expect(() => events('<a>&nbsp;</a>', 3)).toThrow(/unknown entity/)
    expect(() => events('<a>&#0;</a>', 3)).toThrow(XmlFormatError)
    expect(() => events('<a><b c="1"', 5)).toThrow(/ends inside markup/)
  })

  it('calls its checkpoint every N markup items, comments and processing instructions included, and stops when it throws', () => {
    let checkpoints = 0
    const scanner = createXmlScanner(
      { open: () => undefined, close: () => undefined, text: () => undefined },
      {
        checkpointEvery: 10,
        checkpoint: () => {
          checkpoints += 1
          if (checkpoints === 3) throw new Error('deadline')
        }
      }
    )
    scanner.write('<a>' + '<!---->'.repeat(9))
    expect(checkpoints).toBe(1)
    scanner.write('<?pi?>'.repeat(10))
    expect(checkpoints).toBe(2)
    expect(() => scanner.write('<b/>'.repeat(1_000_000))).toThrow('deadline')
  })

  it('reads every attribute of a tag in one pass as `attribute` reads each, and a quoted "<" or ">" as part of its value', () => {
    const attributes = ` r="A1" x:t='s' s = "3" q="a &amp; b" f=">=1" g='"<"'`
    const seen: [string, string][] = []
    forEachAttribute(attributes, (name, value) => seen.push([name, value]))
    expect(seen).toEqual([
      ['r', 'A1'],
      ['t', 's'],
      ['s', '3'],
      ['q', 'a & b'],
      ['f', '>=1'],
      ['g', '"<"']
    ])
    for (const [name, value] of seen) expect(attribute(attributes, name)).toBe(value)
    for (let size = 1; size < 30; size++) {
      expect(events(`<a${attributes}/><b k='it"s'>x</b>`, size), `pieces of ${size}`).toEqual([
        'open:a/:A1',
        'open:b:',
        'text:x',
        'close:b'
      ])
    }
    expect(() => events('<a b="1" <c/>', 64)).toThrow('"<" inside a tag')
  })
})
