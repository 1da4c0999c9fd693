import {
  Field as ModularField,
  setValue,
  type FieldElementProps,
  type FieldPath,
  type FieldPathValue,
  type FieldStore,
  type FieldValues,
  type FormStore,
  type Maybe,
  type ResponseData,
} from '@modular-forms/react'
import type { ReactNode } from 'react'
import { Field, type FieldProps } from './field.tsx'
import { TextInput, Textarea, type TextInputProps } from './text-input.tsx'

/*
 * Bindings between @modular-forms/react and the kit. Field values and errors are signals; their
 * `.value` is read only inside the named components below, which the signals transform makes
 * re-render (reads inside modular-forms' own render function would not).
 */

type AnyFormStore<TValues extends FieldValues> = FormStore<TValues, ResponseData>

type LooseFieldProps = {
  of: AnyFormStore<any>
  name: string
  type?: string
  children: (store: FieldStore<any, any>, props: FieldElementProps<any, any>) => ReactNode
}
// Modular-forms' Field types `type` conditionally on the value's type; these wrappers pass it explicitly.
const LooseField = ModularField as unknown as (props: LooseFieldProps) => ReactNode

type Wrapper = Pick<FieldProps, 'label' | 'helperText' | 'required' | 'disabled' | 'readOnly' | 'className'>

export type TextFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Wrapper &
  Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'required' | 'disabled' | 'readOnly' | 'className'> & {
    of: AnyFormStore<TValues>
    name: TName
  }

/** A labelled text input bound to a form field: `<TextField of={form} name="firstName" label="First Name" required />`. */
export function TextField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  of,
  name,
  label,
  helperText,
  required,
  disabled,
  readOnly,
  className,
  ...inputProps
}: TextFieldProps<TValues, TName>) {
  return (
    <LooseField of={of} name={name}>
      {(store, props) => (
        <BoundTextInput store={store} elementProps={props} wrapper={{ label, helperText, required, disabled, readOnly, className }} inputProps={inputProps} />
      )}
    </LooseField>
  )
}

function BoundTextInput({
  store,
  elementProps,
  wrapper,
  inputProps,
}: {
  store: FieldStore<any, any>
  elementProps: FieldElementProps<any, any>
  wrapper: Wrapper
  inputProps: Omit<TextInputProps, 'name'>
}) {
  const value = store.value.value as Maybe<string | number>
  const error = store.error.value
  return (
    <Field {...wrapper} error={error}>
      <TextInput {...inputProps} {...elementProps} ref={elementProps.ref as never} value={value ?? ''} />
    </Field>
  )
}

export type TextareaFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Wrapper & {
  of: AnyFormStore<TValues>
  name: TName
  rows?: number
  placeholder?: string
  maxLength?: number
}

export function TextareaField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  of,
  name,
  rows,
  placeholder,
  maxLength,
  ...wrapper
}: TextareaFieldProps<TValues, TName>) {
  return (
    <LooseField of={of} name={name}>
      {(store, props) => <BoundTextarea store={store} elementProps={props} wrapper={wrapper} rows={rows} placeholder={placeholder} maxLength={maxLength} />}
    </LooseField>
  )
}

function BoundTextarea({
  store,
  elementProps,
  wrapper,
  ...textareaProps
}: {
  store: FieldStore<any, any>
  elementProps: FieldElementProps<any, any>
  wrapper: Wrapper
  rows?: number
  placeholder?: string
  maxLength?: number
}) {
  const value = store.value.value as Maybe<string>
  const error = store.error.value
  return (
    <Field {...wrapper} error={error}>
      <Textarea {...textareaProps} {...elementProps} ref={elementProps.ref as never} value={value ?? ''} />
    </Field>
  )
}

/** What a custom control receives from FormField. */
export type FormControl<TValue> = {
  value: Maybe<TValue>
  /** Sets the value, marks the field touched and dirty, and revalidates as the form's mode says. */
  setValue: (value: TValue) => void
  error: string
  name: string
}

export type FormFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Wrapper & {
  of: AnyFormStore<TValues>
  name: TName
  /** Modular-forms' value type when not a string: 'boolean', 'number', 'string[]'... */
  type?: string
  children: (control: FormControl<FieldPathValue<TValues, TName>>) => ReactNode
}

/**
 * A labelled field for any control of the kit (Select, SearchableSelect, PhoneInput, ...):
 * `<FormField of={form} name="country" label="Country" required>{(c) => <Select value={c.value} onValueChange={c.setValue} ... />}</FormField>`.
 */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  of,
  name,
  type,
  children,
  ...wrapper
}: FormFieldProps<TValues, TName>) {
  return (
    <LooseField of={of} name={name} type={type}>
      {(store) => <BoundControl form={of} store={store} wrapper={wrapper} render={children as (control: FormControl<unknown>) => ReactNode} />}
    </LooseField>
  )
}

function BoundControl({
  form,
  store,
  wrapper,
  render,
}: {
  form: AnyFormStore<any>
  store: FieldStore<any, any>
  wrapper: Wrapper
  render: (control: FormControl<unknown>) => ReactNode
}) {
  const value = store.value.value
  const error = store.error.value
  const control: FormControl<unknown> = {
    value,
    error,
    name: store.name,
    setValue: (next) => setValue(form, store.name, next as never),
  }
  return (
    <Field {...wrapper} error={error}>
      {render(control)}
    </Field>
  )
}

/** Groups that label themselves (RadioGroup, YesNo, Checkbox) take only the value and error. */
export function FormValue<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  of,
  name,
  type,
  children,
}: {
  of: AnyFormStore<TValues>
  name: TName
  type?: string
  children: (control: FormControl<FieldPathValue<TValues, TName>>) => ReactNode
}) {
  return (
    <LooseField of={of} name={name} type={type}>
      {(store) => <BoundValue form={of} store={store} render={children as (control: FormControl<unknown>) => ReactNode} />}
    </LooseField>
  )
}

function BoundValue({ form, store, render }: { form: AnyFormStore<any>; store: FieldStore<any, any>; render: (control: FormControl<unknown>) => ReactNode }) {
  const value = store.value.value
  const error = store.error.value
  return <>{render({ value, error, name: store.name, setValue: (next) => setValue(form, store.name, next as never) })}</>
}
