import { AffiliateSchema, CouponSchema, ServiceListSchema } from '../../../contract/catalogue'
import { PublicConfigSchema } from '../../../contract/config'
import { HealthSchema } from '../../../contract/health'
import {
  AgentListSchema,
  AgentSchema,
  BusinessEntityTypeListSchema,
  CountryListSchema,
  PermissionDefinitionListSchema,
  UserPermissionListSchema,
} from '../../../contract/identity'
import { HostedFieldsConfigSchema, SandboxLedgerSchema, TokenResponseSchema } from '../../../contract/payments'
import { describeRoutes } from '../describe'

/** The server's health, public configuration and reference lists, the catalogue, and the card form's setup. */
export const referenceDocs = describeRoutes('Reference', {
  'GET /api/health': {
    summary: 'Whether the server, its database and its document store answer',
    description: 'A load balancer’s check: 200 once the database answers; `documents` says whether the document store answers too.',
    answers: { 200: { schema: HealthSchema, example: { status: 'ok', database: 'ok', documents: 'ok', store: 'fs' } } },
    errors: { 503: 'The database does not answer' },
  },
  'GET /api/config': {
    summary: 'Support contacts, the FAQs link and the upload size limit',
    answers: { 200: PublicConfigSchema },
  },
  'GET /api/country': { summary: 'Countries (for addresses)', answers: { 200: CountryListSchema } },
  'GET /api/business-entity-types': { summary: 'Kinds of business entity (LLC, corporation, ...)', answers: { 200: BusinessEntityTypeListSchema } },
  'GET /api/agent': {
    summary: 'Agent records: all of them with UCV, else the caller’s own',
    answers: { 200: AgentListSchema },
  },
  'GET /api/agent/{agentId}': {
    summary: 'One agent record: the caller’s own, or any with UCV',
    answers: { 200: AgentSchema },
  },
  'GET /api/permissions': { summary: 'Every permission definition', answers: { 200: PermissionDefinitionListSchema } },
  'GET /api/user/{id}/permissions': {
    summary: 'The permission codes of a user’s role',
    description: 'Anyone may read their own; other users’ need staff with UCV (a client asking about anyone else gets 404).',
    answers: { 200: UserPermissionListSchema },
  },
  'GET /api/services': {
    summary: 'Services and their packages (the sign-up wizard’s and the add-ons page’s catalogue)',
    answers: { 200: ServiceListSchema },
  },
  'GET /api/coupon/verify/{code}': {
    summary: 'Checks a coupon code',
    description: 'Unknown, inactive and expired codes all answer the same 404; too many misses from one address answer 429.',
    answers: { 200: CouponSchema },
    errors: { 429: 'Too many codes were tried from this address' },
  },
  'GET /api/affiliate/verify/{code}': {
    summary: 'Checks an affiliate code',
    description: 'Unknown and inactive codes answer the same 404; too many misses from one address answer 429.',
    answers: { 200: AffiliateSchema },
    errors: { 429: 'Too many codes were tried from this address' },
  },
  'GET /api/payments/config': {
    summary: 'How the browser shows the card form (hosted-fields script, public key)',
    answers: { 200: HostedFieldsConfigSchema },
  },
  'GET /api/payments/sandbox/fields.js': {
    summary: 'The sandbox card gateway’s hosted-fields script',
    description: 'Served only while the sandbox gateway is configured (404 otherwise), as are all the sandbox routes.',
    answers: { 200: { media: 'text/javascript', description: 'The script' } },
    errors: { 404: 'The sandbox gateway is not configured' },
  },
  'GET /api/payments/sandbox/frame.js': {
    summary: 'The sandbox card gateway’s card-frame script',
    answers: { 200: { media: 'text/javascript', description: 'The script' } },
    errors: { 404: 'The sandbox gateway is not configured' },
  },
  'GET /api/payments/sandbox/frame': {
    summary: 'A sandbox card frame (the card number or the CVV field)',
    answers: { 200: { media: 'text/html', description: 'The frame’s page' } },
    errors: { 404: 'The sandbox gateway is not configured' },
  },
  'POST /api/payments/sandbox/tokens': {
    summary: 'Tokenizes one card part (number or CVV), as a card frame sends it',
    answers: { 201: TokenResponseSchema },
    errors: { 404: 'The sandbox gateway is not configured', 422: 'The card details are not valid', 429: 'Too many card attempts from this address' },
  },
  'POST /api/payments/sandbox/payment-tokens': {
    summary: 'Makes a payment token of both card parts and the card’s details',
    answers: { 201: TokenResponseSchema },
    errors: { 404: 'The sandbox gateway is not configured', 422: 'The card details are not valid', 429: 'Too many card attempts from this address' },
  },
  'GET /api/payments/sandbox/ledger': {
    summary: 'The sandbox gateway’s books, newest first',
    answers: { 200: SandboxLedgerSchema },
  },
  'GET /api/openapi.json': {
    summary: 'This API description (OpenAPI 3.1)',
    answers: { 200: { media: 'application/json', description: 'The OpenAPI document' } },
  },
  'GET /api/docs': {
    summary: 'The interactive API reference (reads /api/openapi.json)',
    answers: { 200: { media: 'text/html', description: 'The reference page' } },
  },
})
