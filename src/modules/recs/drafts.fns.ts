import { fold } from '../analysis/text.fns.ts';

// Reply drafts for Reddit threads. A draft speaks for the brand openly: it states the
// affiliation in its first line and never poses as an independent user. A model's draft that
// forgets the disclosure gets it added, and sock-puppet phrasing is refused.

export function disclosure(brand: string): string {
  return `Disclosure: I work for ${brand}, so I'm not a neutral voice here.`;
}

const POSING = [/\bi('| a)?m (just )?(a|an) (happy |independent |regular |random )?(customer|user)\b/i, /\bnot affiliated\b/i, /\bno affiliation\b/i, /\bi don'?t work (for|at)\b/i];

/** True when the text opens with a statement of affiliation with the brand. */
export function disclosesAffiliation(text: string, brand: string): boolean {
  const first = fold(text.split('\n').find((l) => l.trim()) ?? '');
  return first.includes(fold(brand)) && /\b(disclosure|i work (for|at)|i'?m (on the team|part of the team|with)|employee|affiliat)/.test(first);
}

/** Claims of independence in a draft (each makes it unusable). */
export const posesAsIndependent = (text: string) => POSING.some((p) => p.test(text));

/** The draft as stored: disclosed first; a draft that poses as an independent user is refused. */
export function finalDraft(text: string, brand: string): string | null {
  const body = text.trim();
  if (!body || posesAsIndependent(body)) return null;
  return disclosesAffiliation(body, brand) ? body : `${disclosure(brand)}\n\n${body}`;
}

export function draftPrompt(input: { brand: string; threadUrl: string; prompts: string[]; competitors: string[] }) {
  return {
    system: `You draft a Reddit reply for the team of ${input.brand}. The first line must disclose that the author works for ${input.brand}. ` +
      'Never pose as an independent or neutral user, never invent reviews, experiences or figures. Be helpful first: answer the question the thread asks, ' +
      'mention the brand where it genuinely fits, be fair to alternatives. Plain text, at most 150 words.',
    prompt: `Thread: ${input.threadUrl}\nQuestions people ask AI engines that cite this thread:\n${input.prompts.map((p) => `- ${p}`).join('\n')}\n` +
      `Alternatives often named: ${input.competitors.join(', ') || 'none recorded'}.`,
  };
}

/** The offline stand-in for the workspace's model: deterministic, disclosed, helpful in form. */
export function simulatedDraft(input: { brand: string; threadUrl: string; prompts: string[]; competitors: string[] }): string {
  const question = input.prompts[0] ?? 'the question in this thread';
  const others = input.competitors.length ? ` ${input.competitors.slice(0, 2).join(' and ')} are also worth a look, depending on what you need.` : '';
  return [
    disclosure(input.brand),
    '',
    `On "${question}": the honest answer depends on your team size, budget and which integrations you rely on.`,
    `${input.brand} is built for this case; happy to answer specific questions about where it fits and where it doesn't.${others}`,
    '',
    'If it helps, list your must-haves and I (and hopefully others here) can point you to what matches.',
  ].join('\n');
}
