/** The payments' slice of the configuration (config.ts reads it from the environment). */
export interface PaymentsConfig {
  /** `processor`: Stripe with STRIPE_SECRET_KEY; `mock`: the server's own checkout page; `none`. */
  mode: 'processor' | 'mock' | 'none';
  stripeSecretKey: string | undefined;
  /** Where the Stripe SDK sends requests (tests point it at a local fake). */
  stripeApiUrl: string | undefined;
  webhookSecret: string | undefined;
}
