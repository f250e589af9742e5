import { history, historyKeymap, standardKeymap } from '@codemirror/commands'
import { Annotation, Compartment, EditorState, type Text } from '@codemirror/state'
import { EditorView, keymap } from '@codemirror/view'
import { useEffect, useRef } from 'react'
import type { TextChange } from './list-check'
import type { TextEdit } from './use-list-check'

interface ValuesEditorProps {
  doc: Text
  onEdit: (edit: TextEdit) => void
  labelledBy: string
  describedBy: string
}

/** Marks the editor's own echo of a new `doc` prop, which is no edit of the person's. */
const fromProps = Annotation.define<boolean>()

/**
 * The list's text editor. A <textarea> lays out and reshapes all of its text on every key, which
 * takes seconds with 200,000 lines; CodeMirror draws only the lines in view and reports an edit as
 * the change it made. It is a plain-text field with a textarea's keys: no tab capture (Tab leaves
 * it), undo and redo, and Ctrl+Enter left to the entry form, which runs the lookup.
 */
export function ValuesEditor({ doc, onEdit, labelledBy, describedBy }: ValuesEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const shown = useRef(doc)
  const onEditRef = useRef(onEdit)
  const attributes = useRef(new Compartment())

  useEffect(() => {
    onEditRef.current = onEdit
  }, [onEdit])

  useEffect(() => {
    if (host.current === null) return
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: shown.current,
        extensions: [
          history(),
          keymap.of([...standardKeymap, ...historyKeymap]),
          attributes.current.of([]),
          // A tab stop of its own, which also tells checkers that the scrolling box around it is reachable.
          EditorView.contentAttributes.of({
            tabindex: '0',
            spellcheck: 'false',
            autocorrect: 'off',
            autocapitalize: 'off',
            translate: 'no'
          }),
          EditorView.domEventHandlers({
            // A dropped file is imported by the entry form, not pasted into the text as CodeMirror would.
            drop: (event) => event.dataTransfer?.types.includes('Files') ?? false
          }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return
            shown.current = update.state.doc
            if (update.transactions.some((transaction) => transaction.annotation(fromProps) === true)) return
            const changes: TextChange[] = []
            update.changes.iterChanges((from, to, _fromB, _toB, inserted) => changes.push({ from, to, insert: inserted.toString() }))
            onEditRef.current({ before: update.startState.doc, after: update.state.doc, changes })
          })
        ]
      })
    })
    view.current = created
    return () => {
      created.destroy()
      view.current = null
    }
  }, [])

  // The editor is made once; its labels and its text follow the props through these effects.
  useEffect(() => {
    view.current?.dispatch({ effects: attributes.current.reconfigure(contentAttributes(labelledBy, describedBy)) })
  }, [labelledBy, describedBy])

  useEffect(() => {
    const current = view.current
    if (current === null || doc === shown.current) return
    shown.current = doc
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: doc }, annotations: fromProps.of(true) })
  }, [doc])

  return <div ref={host} className="values-editor" />
}

function contentAttributes(labelledBy: string, describedBy: string) {
  return EditorView.contentAttributes.of({ 'aria-labelledby': labelledBy, 'aria-describedby': describedBy })
}
