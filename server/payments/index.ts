import type { Env } from '../env'
import { AffiniPayGateway } from './affinipay'
import type { PaymentGateway } from './gateway'
import { SandboxGateway, type SandboxDeps } from './sandbox'

export type { ChargeRequest, ChargeResult, GatewayCharge, HostedFieldsConfig, PaymentGateway } from './gateway'
export { SandboxGateway, isSandboxGateway } from './sandbox'
export { AffiniPayGateway } from './affinipay'

/**
 * The configured card processor: AffiniPay when its three keys are set (env.ts refuses a partial set),
 * else the sandbox gateway served by the portal itself.
 */
export function createGateway(env: Env, deps: Omit<SandboxDeps, 'publicUrl'>): PaymentGateway {
  if (env.AFFINIPAY_PUBLIC_KEY && env.AFFINIPAY_SECRET_KEY && env.AFFINIPAY_ACCOUNT_ID) {
    return new AffiniPayGateway(
      {
        publicKey: env.AFFINIPAY_PUBLIC_KEY,
        secretKey: env.AFFINIPAY_SECRET_KEY,
        accountId: env.AFFINIPAY_ACCOUNT_ID,
        apiUrl: env.AFFINIPAY_API_URL,
        hostedFieldsUrl: env.AFFINIPAY_HOSTED_FIELDS_URL,
      },
      deps,
    )
  }
  return new SandboxGateway({ ...deps, publicUrl: env.PUBLIC_URL })
}

/**
 * What the portal's Content-Security-Policy must allow for the gateway's hosted fields (AppDeps.csp):
 * nothing extra for the sandbox (same origin), AffiniPay's script and frame origin otherwise.
 */
export function gatewayCsp(gateway: PaymentGateway): { frameOrigins: string[]; scriptOrigins: string[] } {
  const config = gateway.hostedFields()
  if (config.provider === 'sandbox') return { frameOrigins: [], scriptOrigins: [] }
  const origin = new URL(config.scriptUrl).origin
  return { frameOrigins: [origin], scriptOrigins: [origin] }
}

/** The gateway and the Content-Security-Policy additions it needs, for AppDeps: `...paymentDeps(env, deps)`. */
export function paymentDeps(
  env: Env,
  deps: Omit<SandboxDeps, 'publicUrl'>,
): { gateway: PaymentGateway; csp: { frameOrigins: string[]; scriptOrigins: string[] } } {
  const gateway = createGateway(env, deps)
  return { gateway, csp: gatewayCsp(gateway) }
}
