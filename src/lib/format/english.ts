import { createFormatter } from './format.ts';

/**
 * The shared formatter for texts the server writes in English (UTC): recommendation titles and
 * rationales, alert reasons, the simulated assistant, prompt proposals' reasons, mails. One
 * instance for all of them, so that a figure reads the same in each.
 */
export const english = createFormatter({ locale: 'en' });
