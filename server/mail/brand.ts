import type { Env } from '../env'

/**
 * Who the e-mails come from, as their heading and signature show it: the provider's name, address and
 * support contacts from configuration (PROVIDER_NAME, COMPANY_LOCATION, SUPPORT_PHONE, SUPPORT_EMAIL),
 * and the portal's address (PUBLIC_URL) that every link in them starts with.
 */
export interface MailBrand {
  name: string
  address: string
  supportPhone: string
  supportEmail: string
  /** PUBLIC_URL without a trailing slash. */
  portalUrl: string
}

export type BrandEnv = Pick<Env, 'PROVIDER_NAME' | 'COMPANY_LOCATION' | 'SUPPORT_PHONE' | 'SUPPORT_EMAIL' | 'PUBLIC_URL'>

export function mailBrand(env: BrandEnv): MailBrand {
  return {
    name: env.PROVIDER_NAME,
    address: env.COMPANY_LOCATION,
    supportPhone: env.SUPPORT_PHONE,
    supportEmail: env.SUPPORT_EMAIL,
    portalUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
  }
}

/** An absolute link to a page of the portal: `path` starts with a slash. */
export const portalLink = (brand: Pick<MailBrand, 'portalUrl'>, path: string) => `${brand.portalUrl}${path}`
