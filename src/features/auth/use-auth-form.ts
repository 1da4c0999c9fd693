import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import * as v from 'valibot'

type Values = Record<string, string>

/**
 * The small form state of the sign-in and password pages: values, one error per field from the
 * contract's valibot schema (after the first submit, re-checked as the user types), focus on the first
 * invalid field. These pages are the first a user loads, so they do without the form library (and its
 * signals runtime); see docs/decisions/2026-11-21-first-route-budget.md.
 * @noUseSignals (reads `event.target.value`, not a signal)
 */
export function useAuthForm<TValues extends Values, TOutput>(schema: v.GenericSchema<TValues, TOutput>, initial: TValues) {
  const [values, setValues] = useState<TValues>(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof TValues, string>>>({})
  const [submitted, setSubmitted] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const elements = useRef(new Map<keyof TValues, HTMLInputElement | null>())

  const check = useCallback(
    (next: TValues) => {
      const result = v.safeParse(schema, next)
      const found: Partial<Record<keyof TValues, string>> = {}
      if (!result.success) {
        for (const issue of result.issues) {
          const key = v.getDotPath(issue) as keyof TValues | null
          if (key && !found[key]) found[key] = issue.message
        }
      }
      return { result, found }
    },
    [schema],
  )

  const field = (name: keyof TValues & string) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => void elements.current.set(name, element),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value }
      setValues(next)
      if (submitted) setErrors(check(next).found)
    },
  })

  const setError = (name: keyof TValues & string, message: string) => {
    setErrors((current) => ({ ...current, [name]: message }))
    elements.current.get(name)?.focus()
  }

  const handleSubmit = (onValid: (output: TOutput) => Promise<void> | void) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting) return
    setSubmitted(true)
    const { result, found } = check(values)
    setErrors(found)
    if (!result.success) {
      const first = (Object.keys(values) as (keyof TValues)[]).find((key) => found[key])
      if (first) elements.current.get(first)?.focus()
      return
    }
    setSubmitting(true)
    try {
      await onValid(result.output)
    } finally {
      setSubmitting(false)
    }
  }

  const reset = () => {
    setValues(initial)
    setErrors({})
    setSubmitted(false)
  }

  return { values, errors, field, setError, handleSubmit, submitting, reset }
}
