import type { YesNo as Answer } from '@contract/signup'
import { setValue, useForm } from '@modular-forms/react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { FormField, FormValue, TextField } from '~/ui/form-field'
import { YesNo } from '~/ui/radio-group'
import { businessEntityTypesQueryOptions } from './api'
import { getDraft, saveDraft } from './draft'
import { NativeSelect } from '~/ui/native-select'
import { CompanyStepSchema, LEAD_SOURCES, stepValidator } from './schemas'
import { neighbours, stepPath, type WizardFlavor } from './steps'
import { formPatch, useAutosave } from './use-autosave'
import { formGrid, fullWidth, StepActions, WizardFrame } from './wizard-frame'

type CompanyValues = {
  companyName: string
  businessEntityType: string
  notifyLawSuit: Answer
  attorneyEmail: string
  hireUs: Answer
  leadGeneratedBy: string
}

const leadOptions = LEAD_SOURCES.map((source) => ({ value: source, label: source }))

/**
 * Company Details (public) / Company Information (staff): the company's name and Florida entity type,
 * whether to notify an attorney of lawsuits (the attorney's e-mail is asked for, and required, only
 * then), and whether to hire the provider as registered agent. Both yes/no questions default to No.
 */
export function CompanyDetailsStep({ flavor }: { flavor: WizardFlavor }) {
  const navigate = useNavigate()
  const entityTypes = useSuspenseQuery(businessEntityTypesQueryOptions()).data
  const options = useMemo(() => entityTypes.map((type) => ({ value: String(type.id), label: type.name })), [entityTypes])
  const [initialValues] = useState<CompanyValues>(() => {
    const draft = getDraft(flavor)
    return {
      companyName: draft.companyName,
      businessEntityType: draft.businessEntityType,
      notifyLawSuit: draft.notifyLawSuit,
      attorneyEmail: draft.notifyLawSuit === 'yes' ? draft.attorneyEmail : '',
      hireUs: draft.hireUs,
      leadGeneratedBy: draft.leadGeneratedBy,
    }
  })
  const [form, { Form }] = useForm<CompanyValues>({ validate: stepValidator<CompanyValues>(CompanyStepSchema), initialValues, revalidateOn: 'change' })
  useAutosave(form, flavor)
  const { previous, next } = neighbours(flavor, 'company')

  const save = (values: Partial<CompanyValues>) =>
    saveDraft(flavor, { ...values, attorneyEmail: values.notifyLawSuit === 'yes' ? (values.attorneyEmail ?? '') : '' })

  return (
    <WizardFrame flavor={flavor} step="company" intro={flavor === 'public' ? 'Tell us about the company we will serve.' : 'The company the client registers.'}>
      <Form
        noValidate
        onSubmit={(values) => {
          save(values)
          if (next) return navigate({ to: stepPath(flavor, next) })
        }}
      >
        <div className={formGrid}>
          <TextField of={form} name="companyName" label="Company Name" required autoComplete="organization" maxLength={200} className={fullWidth} />
          <FormField of={form} name="businessEntityType" label="Business Entity Type" required className={fullWidth}>
            {(control) => (
              <NativeSelect options={options} value={control.value ?? ''} onValueChange={control.setValue} placeholder="Choose the kind of entity" />
            )}
          </FormField>
          <div className={fullWidth}>
            <FormValue of={form} name="notifyLawSuit">
              {(control) => (
                <div className={css({ display: 'grid', gap: '4' })}>
                  <YesNo
                    label="Notify Attorney"
                    helperText="Should we e-mail your attorney when a lawsuit is served on the company?"
                    value={control.value === 'yes'}
                    onValueChange={(yes) => {
                      control.setValue(yes ? 'yes' : 'no')
                      // 'No' clears the attorney e-mail.
                      if (!yes) setValue(form, 'attorneyEmail', '')
                    }}
                    error={control.error}
                  />
                  {control.value === 'yes' && (
                    <TextField of={form} name="attorneyEmail" label="Attorney E-mail" type="email" required autoComplete="off" maxLength={254} />
                  )}
                </div>
              )}
            </FormValue>
          </div>
          <div className={fullWidth}>
            <FormValue of={form} name="hireUs">
              {(control) => (
                <YesNo
                  label="Hire Us as Registered Agent"
                  helperText="Yes: we become the company's registered agent of record in Florida."
                  value={control.value === 'yes'}
                  onValueChange={(yes) => control.setValue(yes ? 'yes' : 'no')}
                  error={control.error}
                />
              )}
            </FormValue>
          </div>
          <FormField of={form} name="leadGeneratedBy" label={flavor === 'staff' ? 'Lead Source' : 'How did you hear about us?'} className={fullWidth}>
            {(control) => (
              <NativeSelect options={leadOptions} value={control.value ?? ''} onValueChange={control.setValue} placeholder="Choose one (optional)" allowEmpty />
            )}
          </FormField>
        </div>
        <StepActions
          onBack={
            previous
              ? () => {
                  save(formPatch(form) as Partial<CompanyValues>)
                  void navigate({ to: stepPath(flavor, previous) })
                }
              : undefined
          }
          aside={
            flavor === 'public' ? (
              <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                Already a client?{' '}
                <Link to="/login" className={css({ textDecoration: 'underline' })}>
                  Sign in
                </Link>
              </span>
            ) : undefined
          }
        />
      </Form>
    </WizardFrame>
  )
}
