/**
 * The sign-up wizard (public, /signup/) and the staff add-client wizard (/provider/add-client/): one set
 * of steps, schemas and form data. Routes import each step's file directly, so a step's chunk carries
 * only what it shows (the card form is on the order summary alone).
 */
export { guardWizardStep } from './routing'
export { STEP_ORDER, STEP_PATHS, stepPath, stepTitle, type StepId, type WizardFlavor } from './steps'
