// The default canary set (docs/monitoring.md): generic buying questions any answer engine answers
// with a list of products and sources, in the shape the workspaces' prompts are answered. They
// name no customer's brand. The operator replaces them with GEO_CANARY_PROMPTS.

export const DEFAULT_CANARY_PROMPTS = [
  'What are the best project management tools for small teams?',
  'Which CRM software do you recommend for a startup?',
  'What are good alternatives to spreadsheets for tracking inventory?',
] as const;

/** GEO_CANARIES, GEO_CANARY_PROMPTS, GEO_CANARY_SAMPLES: on or off, the prompts, and samples of each per engine per day. */
export interface CanaryConfig { enabled: boolean; prompts: string[]; samples: number }
