import type { Language } from '../prompts.types.ts';
import { ca } from './ca.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import type { LanguagePack } from './pack.ts';
import { fr } from './fr.ts';

export type { LanguagePack } from './pack.ts';
export const PACKS: Record<Language, LanguagePack> = { en, es, ca, fr };
