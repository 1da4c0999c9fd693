import { expect, type APIRequestContext } from '@playwright/test'

/** A one-time sandbox token for the test card 4242…, made through the calls the hosted fields make. */
export async function cardToken(request: APIRequestContext, holder: { name: string; postalCode: string; address1: string }): Promise<string> {
  const frame = { origin: 'null' }
  const part = async (field: 'number' | 'cvv', value: string) => {
    const res = await request.post('/api/payments/sandbox/tokens', { data: { field, value }, headers: frame })
    expect(res.status()).toBe(201)
    return ((await res.json()) as { id: string }).id
  }
  const res = await request.post('/api/payments/sandbox/payment-tokens', {
    data: {
      numberToken: await part('number', '4242 4242 4242 4242'),
      cvvToken: await part('cvv', '123'),
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      name: holder.name,
      postal_code: holder.postalCode,
      address1: holder.address1,
    },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { id: string }).id
}
