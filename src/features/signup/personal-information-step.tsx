import { PASSWORD_MIN_LENGTH } from '@contract/auth'
import { REGISTRATION_MESSAGES } from '@contract/clients'
import { getValue, setError, useForm, type FormStore } from '@modular-forms/react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { FormField, TextField } from '~/ui/form-field'
import { PhoneInput } from '~/ui/phone-input'
import { countriesQueryOptions, emailLoginForStaff, isEmailAvailable } from './api'
import { getDraft, saveDraft } from './draft'
import { NativeSelect } from '~/ui/native-select'
import { personalStepSchema, stepValidator } from './schemas'
import { neighbours, stepPath, type WizardFlavor } from './steps'
import { formPatch, useAutosave } from './use-autosave'
import { formGrid, fullWidth, StepActions, WizardFrame } from './wizard-frame'

type PersonalValues = {
  firstName: string
  lastName: string
  mobile: string
  country: string
  city: string
  state: string
  zipCode: string
  address: string
  email: string
  password: string
  confirmPassword: string
}

const takenNote = css({
  fontSize: 'sm',
  color: 'fg.muted',
  mt: '1.5',
  mb: '0',
  mx: '0',
  '& a': { color: 'accent.text', fontWeight: 'medium', textDecoration: 'underline' },
})

/**
 * Asks the server whether the e-mail can open an account; when it cannot, the field says so. Returns
 * false only when the e-mail is known to be taken (a failed check lets the person go on: the
 * registration checks again).
 */
async function checkEmail(
  form: FormStore<PersonalValues, any>,
  setTaken: (taken: EmailNote | null) => void,
  focus: boolean,
  flavor: WizardFlavor,
): Promise<boolean> {
  const email = (getValue(form, 'email') ?? '').trim()
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return true
  if (flavor === 'staff') return checkEmailForStaff(form, setTaken, focus, email)
  const available = await isEmailAvailable(email)
  // The person may have typed on meanwhile: only the answer for what the field holds counts.
  if ((getValue(form, 'email') ?? '').trim() !== email) return true
  if (available === false) {
    // On leaving the field, the person has moved on: the message shows without taking the focus back.
    setError(form, 'email', REGISTRATION_MESSAGES.emailTaken, { shouldFocus: focus })
    setTaken({ email: email.toLowerCase(), kind: 'taken' })
    return false
  }
  setTaken(null)
  return true
}

/**
 * Staff: an e-mail that signs in to another company is no refusal: the new company is added to that
 * person's login (they are told by e-mail). A staff login's e-mail is refused.
 */
async function checkEmailForStaff(form: FormStore<PersonalValues, any>, setTaken: (taken: EmailNote | null) => void, focus: boolean, email: string) {
  const login = await emailLoginForStaff(email)
  if ((getValue(form, 'email') ?? '').trim() !== email) return true
  if (login === 'staff') {
    setError(form, 'email', REGISTRATION_MESSAGES.staffEmail, { shouldFocus: focus })
    setTaken({ email: email.toLowerCase(), kind: 'taken' })
    return false
  }
  setTaken(login === 'client' ? { email: email.toLowerCase(), kind: 'client-login' } : null)
  return true
}

/** What the e-mail field says under it: taken (refused), or a client's login the company will join. */
type EmailNote = { email: string; kind: 'taken' | 'client-login' }

const FIELDS = ['firstName', 'lastName', 'mobile', 'country', 'city', 'state', 'zipCode', 'address', 'email', 'password', 'confirmPassword'] as const

const inviteNote = css({ gridColumn: '1 / -1', fontSize: 'sm', color: 'fg.muted', m: '0' })

/**
 * Personal Information: the contact person, the address on file and the portal sign-in: in the public
 * sign-up the e-mail and a password typed twice; in the staff wizard the e-mail only, since the client
 * is e-mailed an invitation to choose the password. The phone starts on the United States, and so does
 * the country.
 */
export function PersonalInformationStep({ flavor }: { flavor: WizardFlavor }) {
  const navigate = useNavigate()
  const countries = useSuspenseQuery(countriesQueryOptions()).data
  const options = useMemo(() => countries.map((country) => ({ value: String(country.id), label: country.name })), [countries])
  const [initialValues] = useState<PersonalValues>(() => {
    const draft = getDraft(flavor)
    const values = Object.fromEntries(FIELDS.map((name) => [name, draft[name]])) as PersonalValues
    const us = countries.find((country) => country.iso2 === 'US') ?? countries[0]
    if (!values.country && us) values.country = String(us.id)
    return values
  })
  const [form, { Form }] = useForm<PersonalValues>({
    validate: stepValidator<PersonalValues>(personalStepSchema(flavor)),
    initialValues,
    revalidateOn: 'change',
  })
  useAutosave(form, flavor)
  const { previous, next } = neighbours(flavor, 'personal')
  const staff = flavor === 'staff'
  const [takenEmail, setTakenEmail] = useState<EmailNote | null>(null)

  return (
    <WizardFrame
      flavor={flavor}
      step="personal"
      intro={
        staff
          ? "The client's contact person, address on file, and the e-mail the client will sign in with."
          : 'Who we contact, your address on file, and how you will sign in to the portal.'
      }
    >
      <Form
        noValidate
        onSubmit={async (values) => {
          saveDraft(flavor, values)
          if (!(await checkEmail(form, setTakenEmail, true, flavor))) return
          if (next) return navigate({ to: stepPath(flavor, next) })
        }}
      >
        <div className={formGrid}>
          <TextField of={form} name="firstName" label="First Name" required autoComplete={staff ? 'off' : 'given-name'} maxLength={50} />
          <TextField of={form} name="lastName" label="Last Name" required autoComplete={staff ? 'off' : 'family-name'} maxLength={50} />
          <div onBlur={() => void checkEmail(form, setTakenEmail, false, flavor)}>
            <TextField of={form} name="email" label="E-mail" type="email" required autoComplete={staff ? 'off' : 'email'} maxLength={254} />
            {takenEmail !== null && (getValue(form, 'email') ?? '').trim().toLowerCase() === takenEmail.email && (
              <p className={takenNote} role="status">
                {takenEmail.kind === 'client-login' ? (
                  'This person already signs in to the portal: the new company will be added to their login, and they will be told by e-mail. No invitation is sent.'
                ) : staff ? (
                  'Use another address for this client.'
                ) : (
                  <>
                    Is it yours? <Link to="/login">Sign in</Link> or <Link to="/forgot-password">Reset password</Link>
                  </>
                )}
              </p>
            )}
          </div>
          <FormField of={form} name="mobile" label="Mobile Phone" required>
            {(control) => <PhoneInput value={control.value ?? ''} onValueChange={control.setValue} />}
          </FormField>
          <TextField of={form} name="address" label="Address" required autoComplete={staff ? 'off' : 'street-address'} maxLength={255} className={fullWidth} />
          <TextField of={form} name="city" label="City" required autoComplete={staff ? 'off' : 'address-level2'} maxLength={100} />
          <TextField of={form} name="state" label="State" required autoComplete={staff ? 'off' : 'address-level1'} maxLength={100} />
          <TextField of={form} name="zipCode" label="Postal/Zip Code" required autoComplete={staff ? 'off' : 'postal-code'} maxLength={10} />
          <FormField of={form} name="country" label="Country" required>
            {(control) => <NativeSelect options={options} value={control.value ?? ''} onValueChange={control.setValue} placeholder="Choose a country" />}
          </FormField>
          {staff ? (
            <p className={inviteNote}>
              The client will get an e-mail invitation to choose a password for the portal. The link in it is valid for 7 days; after that, "Forgot password" on
              the sign-in page sends a new one.
            </p>
          ) : (
            <>
              <TextField
                of={form}
                name="password"
                label="Password"
                type="password"
                required
                autoComplete="new-password"
                helperText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              />
              {/* A helper line of the same height as the password's, so the two fields' errors sit side by side. */}
              <TextField
                of={form}
                name="confirmPassword"
                label="Confirm Password"
                type="password"
                required
                autoComplete="new-password"
                helperText="The same password again."
              />
            </>
          )}
        </div>
        <StepActions
          onBack={
            previous
              ? () => {
                  saveDraft(flavor, formPatch(form))
                  void navigate({ to: stepPath(flavor, previous) })
                }
              : undefined
          }
        />
      </Form>
    </WizardFrame>
  )
}
