import { RoleListSchema, RoleSchema } from '../../../contract/roles'
import { ConversationPageSchema, ConversationSchema, NewConversationSchema, NewMessageSchema } from '../../../contract/support'
import { StaffUserDetailSchema, StaffUserPageSchema, StaffUserSchema } from '../../../contract/users'
import { describeRoutes } from '../describe'

/** A support message may come with one file: multipart, with the fields and `attachment`. */
const withAttachment = (fields: Record<string, unknown>, required: string[]) => ({
  media: 'multipart/form-data',
  schema: {
    type: 'object',
    required,
    properties: { ...fields, attachment: { type: 'string', contentMediaType: 'application/octet-stream', description: 'One PDF or image' } },
  },
})

/** Support conversations between clients and the provider's staff. */
export const supportDocs = describeRoutes('Support', {
  'GET /api/support/conversations': {
    summary: 'Support conversations: a client’s own, or every client’s for staff with SPV',
    answers: { 200: ConversationPageSchema },
  },
  'POST /api/support/conversations': {
    summary: 'A client writes to support (with one file, if it likes)',
    body: [
      { media: 'application/json', schema: NewConversationSchema },
      withAttachment({ subject: { type: 'string' }, message: { type: 'string' }, documentId: { type: 'string' }, invoiceId: { type: 'string' } }, [
        'subject',
        'message',
      ]),
    ],
    answers: { 201: ConversationSchema },
    errors: { 413: 'The attachment is too large', 415: 'The attachment is not a PDF or an image', 422: 'A field is missing or not valid' },
  },
  'GET /api/support/conversations/{id}': { summary: 'One conversation with its messages', answers: { 200: ConversationSchema } },
  'POST /api/support/conversations/{id}/messages': {
    summary: 'Adds a message to a conversation (the client, or staff with SPR)',
    body: [{ media: 'application/json', schema: NewMessageSchema }, withAttachment({ message: { type: 'string' } }, ['message'])],
    answers: { 201: ConversationSchema },
    errors: {
      403: 'Staff without SPR',
      413: 'The attachment is too large',
      415: 'The attachment is not a PDF or an image',
      422: 'A field is missing or not valid',
    },
  },
  'PATCH /api/support/conversations/{id}': {
    summary: 'Opens or closes a conversation',
    answers: { 200: ConversationSchema },
  },
  'GET /api/support/messages/{id}/attachment': {
    summary: 'A support message’s attached file',
    answers: {
      200: {
        media: 'application/octet-stream',
        description: 'The file, in its own content type',
        headers: { 'Content-Disposition': 'attachment, with its name' },
      },
    },
  },
})

/** Staff users and their roles. */
export const staffDocs = describeRoutes('Staff users and roles', {
  'GET /api/users': { summary: 'Staff users, paged, searched and sorted', answers: { 200: StaffUserPageSchema } },
  'GET /api/users/{id}': { summary: 'A staff user with the history of changes to the account', answers: { 200: StaffUserDetailSchema } },
  'POST /api/users': {
    summary: 'Adds a staff user (an invitation to set a password is e-mailed)',
    answers: { 201: StaffUserSchema },
    errors: { 409: 'An account with this e-mail exists' },
  },
  'PATCH /api/users/{id}': {
    summary: 'Changes a staff user’s name, e-mail or role',
    answers: { 200: StaffUserSchema },
    errors: { 409: 'An account with this e-mail exists, or the change would leave no super admin' },
  },
  'POST /api/users/{id}/deactivate': {
    summary: 'Deactivates a staff user (their sessions end)',
    answers: { 200: StaffUserSchema },
    errors: { 409: 'The change would leave no active super admin, or is the caller’s own account' },
  },
  'POST /api/users/{id}/reactivate': { summary: 'Reactivates a staff user', answers: { 200: StaffUserSchema } },
  'POST /api/users/{id}/invitation': {
    summary: 'E-mails a staff user’s invitation again',
    answers: { 202: StaffUserSchema },
    errors: { 409: 'The user has set a password already' },
  },
  'GET /api/roles': { summary: 'Staff roles with their permissions', answers: { 200: RoleListSchema } },
  'GET /api/roles/{id}': { summary: 'One staff role', answers: { 200: RoleSchema } },
  'POST /api/roles': { summary: 'Adds a staff role', answers: { 201: RoleSchema }, errors: { 409: 'A role with this name exists' } },
  'PUT /api/roles/{id}': {
    summary: 'Changes a staff role’s name and permissions',
    answers: { 200: RoleSchema },
    errors: { 409: 'A role with this name exists, or the role cannot be changed' },
  },
  'DELETE /api/roles/{id}': {
    summary: 'Deletes a staff role nobody holds',
    answers: { 204: { empty: 'Deleted' } },
    errors: { 409: 'Users still hold the role, or it cannot be deleted' },
  },
})
