import type { DescribedRoutes } from '../describe'
import { authDocs } from './auth'
import { clientDocs } from './clients'
import { dashboardDocs } from './dashboard'
import { deadlineDocs } from './deadlines'
import { developmentDocs } from './development'
import { documentDocs, uploadDocs } from './documents'
import { invoiceDocs } from './invoices'
import { notificationDocs } from './notifications'
import { paymentMethodDocs } from './payment-methods'
import { referenceDocs } from './reference'
import { staffDocs, supportDocs } from './staff'

/** Every area's route descriptions, in the order the reference lists them. */
export const API_AREAS: DescribedRoutes[] = [
  authDocs,
  clientDocs,
  dashboardDocs,
  documentDocs,
  uploadDocs,
  deadlineDocs,
  invoiceDocs,
  paymentMethodDocs,
  notificationDocs,
  supportDocs,
  staffDocs,
  referenceDocs,
  developmentDocs,
]
