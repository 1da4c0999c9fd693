import { ClientPageSchema, ClientSchema, NextMailboxSchema, RegistrationResultSchema, SubscribeResultSchema } from '../../../contract/clients'
import { AddressListSchema, AddressSchema, MailHandlingSchema } from '../../../contract/addresses'
import { MailRuleListSchema, MailRuleSchema } from '../../../contract/mail-rules'
import { TeamListSchema, TeamMemberSchema } from '../../../contract/team'
import { describeRoutes } from '../describe'

const IDEMPOTENCY = {
  'Idempotency-Key': 'A key of the caller’s making: the same key and body answer the first answer again (Idempotent-Replayed: true), with no second charge',
}

/** Clients: registration, the provider’s list, a client’s profile, mailboxes and more services. */
export const clientDocs = describeRoutes('Clients', {
  'POST /api/client': {
    summary: 'Registers a client and pays its first invoice by card (public sign-up, staff with PCE, or a client adding a company)',
    description:
      'Public: the sign-up wizard’s last step. With a bearer token the caller is authenticated as on any signed-in route. A staff member (who needs PCE) is recorded as the client’s agent; when the e-mail already has a client login, the company is added to it (owner) and the person is e-mailed a notice. A client user leaves userInformation out: the company is added to their own login, with them as its owner (switch to it with POST /api/auth/switch-company).',
    headers: IDEMPOTENCY,
    optionalBearer: true,
    answers: { 201: RegistrationResultSchema },
    errors: {
      401: 'A bearer token was sent and is not valid',
      402: 'The card was declined',
      403: 'Staff without PCE',
      409: 'An account with this e-mail exists (public sign-up), the e-mail belongs to a staff login, or this registration is already being processed',
      422: 'A field is invalid; userInformation missing without a client session, or sent with one',
      429: 'Too many sign-ups from this address',
    },
  },
  'GET /api/client': {
    summary: 'The provider’s clients, paged, searched and sorted',
    answers: { 200: ClientPageSchema },
  },
  'POST /api/client/services/packages/subscribe': {
    summary: 'The signed-in client orders more services and pays by card',
    description:
      'The card is a one-time token (affinipayPaymentDetails.token, with saveCard: true to keep it on file) or one of the client’s saved cards (paymentMethodId), not both.',
    headers: IDEMPOTENCY,
    answers: { 201: SubscribeResultSchema },
    errors: { 402: 'The card was declined', 404: 'paymentMethodId is not one of the client’s saved cards', 409: 'This order is already being processed' },
  },
  'GET /api/client/assignMailbox/{clientId}/{mailboxNumber}': {
    summary: 'Gives a client its mailbox number',
    description:
      'Assigning the number the client has already changes nothing. A number another client holds answers 409, and so does a different number for a client that has one, unless `replace=true`.',
    answers: { 200: ClientSchema },
    errors: { 409: 'The mailbox belongs to another client, or the client has another mailbox (confirm with replace=true)' },
  },
  'GET /api/client/mailbox/next-free': {
    summary: 'The mailbox number to suggest (one past the highest in use)',
    answers: { 200: NextMailboxSchema },
  },
  'GET /api/client/{id}': {
    summary: 'One client’s profile, services and (for the client itself, or staff with DCV) documents',
    answers: { 200: ClientSchema },
  },
  'PUT /api/client/{id}': {
    summary: 'Replaces a client’s personal and company information',
    description: 'Send every field as read from GET /api/client/{id}. `leadGeneratedBy` is changed by staff only.',
    answers: { 200: ClientSchema },
  },
  'GET /api/client/{id}/addresses': {
    summary: 'A client’s address book: its saved mailing addresses, by label',
    answers: { 200: AddressListSchema },
  },
  'POST /api/client/{id}/addresses': {
    summary: 'Saves a mailing address in a client’s address book (the client, or staff with PCE)',
    answers: { 201: AddressSchema },
    errors: {
      409: 'The client has an address with this label already (whatever its case)',
      422: 'A field is missing or too long, the country is unknown, or the book is full',
    },
  },
  'PUT /api/client/{id}/addresses/{addressId}': {
    summary: 'Changes a saved mailing address (the client, or staff with PCE)',
    answers: { 200: AddressSchema },
    errors: { 409: 'Another address of the client has this label' },
  },
  'DELETE /api/client/{id}/addresses/{addressId}': {
    summary: 'Removes a saved mailing address (the client, or staff with PCE)',
    answers: { 204: { empty: 'Removed' } },
    errors: { 409: 'A mail rule forwards to this address (`details` names the rule): remove the rule first' },
  },
  'GET /api/client/{id}/mail-handling': {
    summary: 'How the mailroom handles a client’s mail: every piece opened and scanned, or the envelope first',
    answers: { 200: MailHandlingSchema },
  },
  'PUT /api/client/{id}/mail-handling': {
    summary: 'Changes how the mailroom handles a client’s mail (the client, or staff with PCE)',
    description: 'Service of process and state mail are opened and scanned whatever the mode.',
    answers: { 200: MailHandlingSchema },
  },
  'GET /api/client/{id}/mail-rules': {
    summary: 'A client’s automatic mail rules, by document type name',
    answers: { 200: MailRuleListSchema },
  },
  'POST /api/client/{id}/mail-rules': {
    summary: 'Adds a mail rule for a document type (the client, or staff with PCE)',
    description:
      '`forward` mails the original of each scan of the type to a saved address (`addressId`; `shippingOptionId`, or the first active option) as the mailroom uploads it: a mail request with its shipment and invoice. `shred` has the mailroom shred the paper original once scanned; the scan is kept. Envelopes are left to the client. A rule that cannot apply to an upload is skipped and the client told.',
    answers: { 201: MailRuleSchema },
    errors: {
      404: 'No such client, or the address is not one of the client’s saved addresses',
      409: 'The document type has a rule already',
      422: 'An unknown document type, service of process, a forward without an address, a shred with one, or a shipping option not offered',
    },
  },
  'DELETE /api/client/{id}/mail-rules/{ruleId}': {
    summary: 'Removes a mail rule (the client, or staff with PCE)',
    answers: { 204: { empty: 'Removed' } },
  },
  'GET /api/client/{id}/team': {
    summary: 'A company’s team: its people and their roles (an owner, or any staff member)',
    answers: { 200: TeamListSchema },
  },
  'POST /api/client/{id}/team': {
    summary: 'Adds a person to a company’s team (an owner, or staff with PCE)',
    description:
      'A new e-mail gets a login and an invitation to choose a password (7 days); an e-mail that already signs in to another company gets this one added to the same login, and a notice.',
    answers: { 201: TeamMemberSchema },
    errors: { 409: 'The person is already in the team, or the e-mail belongs to a staff login' },
  },
  'PATCH /api/client/{id}/team/{userId}': {
    summary: 'Changes a team member’s role (an owner, or staff with PCE)',
    answers: { 200: TeamMemberSchema },
    errors: { 409: 'The company would be left without an owner' },
  },
  'DELETE /api/client/{id}/team/{userId}': {
    summary: 'Removes a person from a company’s team: their access to it ends at once',
    answers: { 204: { empty: 'Removed' } },
    errors: { 409: 'The company would be left without an owner' },
  },
})
