import * as v from 'valibot'
import { BodyId, IdParam, REQUIRED_MESSAGE } from './common'

/**
 * A client's automatic mail rules: GET/POST /api/client/{id}/mail-rules, DELETE
 * /api/client/{id}/mail-rules/{ruleId}. Each applies when the mailroom uploads a scan (kind 'document')
 * of its type for the client: 'forward' mails the original to a saved address (a mail request, with its
 * shipment and invoice, as if the client had asked); 'shred' has the mailroom shred the paper original
 * once scanned, the scan kept. Envelopes are left to the client. At most one rule per document type;
 * service of process is always opened, scanned and kept, so it takes no rule.
 */

export const MAIL_RULE_ACTIONS = ['forward', 'shred'] as const
export type MailRuleAction = (typeof MAIL_RULE_ACTIONS)[number]

export const MAIL_RULE_ACTION_LABELS: Record<MailRuleAction, string> = {
  forward: 'Forward the original',
  shred: 'Shred the paper after scanning',
}

/** How many rules one client may keep (one per document type at most). */
export const MAX_MAIL_RULES = 50

const ACTION_MESSAGE = `must be one of ${MAIL_RULE_ACTIONS.join(', ')}`

/** POST /api/client/{id}/mail-rules. `addressId` (and optionally `shippingOptionId`) for 'forward' only. */
export const MailRuleInputSchema = v.object(
  {
    action: v.picklist(MAIL_RULE_ACTIONS, ACTION_MESSAGE),
    /** A document type id (GET /api/document-types). */
    documentTypeId: BodyId(REQUIRED_MESSAGE),
    /** Forward: one of the client's saved addresses (GET /api/client/{id}/addresses). */
    addressId: v.optional(BodyId('must be a saved address id')),
    /** Forward: an active shipping option (GET /api/shipping-options); left out or null, the first active one when the rule applies. */
    shippingOptionId: v.optional(v.nullable(BodyId('must be a shipping option id'))),
  },
  (issue) => (issue.path?.length ? REQUIRED_MESSAGE : 'Send the rule as a JSON object'),
)
export type MailRuleInput = v.InferInput<typeof MailRuleInputSchema>

export const MailRuleSchema = v.object({
  id: v.number(),
  clientId: v.number(),
  action: v.picklist(MAIL_RULE_ACTIONS),
  documentTypeId: v.number(),
  documentTypeName: v.string(),
  /** Forward: the saved address and its label; null for a shred rule. */
  addressId: v.nullable(v.number()),
  addressLabel: v.nullable(v.string()),
  /** Forward: the option chosen; null means the first active one when the rule applies. */
  shippingOptionId: v.nullable(v.number()),
  /** The chosen option's carrier and speed ("USPS First-Class Mail (3–5 days)"); null when none was chosen. */
  shippingOptionName: v.nullable(v.string()),
  /** ISO 8601 UTC. */
  createdAt: v.string(),
})
export type MailRule = v.InferOutput<typeof MailRuleSchema>

/** GET /api/client/{id}/mail-rules: every rule, by document type name. */
export const MailRuleListSchema = v.array(MailRuleSchema)

export const MailRuleParamsSchema = v.object({ id: IdParam, ruleId: IdParam })
