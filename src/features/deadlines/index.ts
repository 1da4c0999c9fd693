/** Deadlines: the client's next deadlines (with the formation date, filing marks and calendar address) and staff's list at risk. */
export { AtRiskPanel } from './at-risk-panel'
export { DeadlinesPanel } from './deadlines-panel'
export { deadlineKeys } from './api'
export { ServiceAnswerNote } from './service-answer-note'
