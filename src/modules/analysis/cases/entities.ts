// Entities and workspaces of the second set of labelled answers: ten markets whose brands are
// mostly common words (the hard part of mention detection), configured as a customer would.
import type { CaseEntity, CaseWorkspace } from './types.ts';

const e = (name: string, aliases: string[], domains: string[], ambiguous: boolean): CaseEntity => ({ name, aliases, domains, ambiguous });

// Async video and team communication
export const LOOM = e('Loom', ['Loom Video'], ['loom.com'], true);
export const ZOOM = e('Zoom', ['Zoom Workplace'], ['zoom.us', 'zoom.com'], true);
export const SLACK = e('Slack', ['Slack Technologies'], ['slack.com'], true);
export const VIDYARD = e('Vidyard', [], ['vidyard.com'], false);
export const PITCH = e('Pitch', [], ['pitch.com'], true);
export const VIDEO_WS: CaseWorkspace = { brand: LOOM, competitors: [ZOOM, SLACK, VIDYARD, PITCH], industry: 'video messaging' };

// Card payments for small shops
export const SQUARE = e('Square', ['Square POS', 'Square Payments'], ['squareup.com'], true);
export const STRIPE = e('Stripe', [], ['stripe.com'], true);
export const SUMUP = e('SumUp', [], ['sumup.com'], false);
export const ADYEN = e('Adyen', [], ['adyen.com'], false);
export const ZETTLE = e('Zettle', ['iZettle'], ['zettle.com'], false);
export const PAY_WS: CaseWorkspace = { brand: SQUARE, competitors: [STRIPE, SUMUP, ADYEN, ZETTLE], industry: 'payments' };

// Smart home
export const NEST = e('Nest', ['Google Nest'], ['nest.com'], true);
export const RING = e('Ring', ['Ring Doorbell'], ['ring.com'], true);
export const ARLO = e('Arlo', [], ['arlo.com'], false);
export const ECOBEE = e('ecobee', [], ['ecobee.com'], false);
export const HOME_WS: CaseWorkspace = { brand: NEST, competitors: [RING, ARLO, ECOBEE], industry: 'smart home' };

// Social media scheduling
export const BUFFER = e('Buffer', [], ['buffer.com'], true);
export const LATER = e('Later', [], ['later.com'], true);
export const HOOTSUITE = e('Hootsuite', [], ['hootsuite.com'], false);
export const SPROUT = e('Sprout Social', [], ['sproutsocial.com'], false);
export const SOCIAL_WS: CaseWorkspace = { brand: BUFFER, competitors: [LATER, HOOTSUITE, SPROUT], industry: 'social media scheduling' };

// Project management
export const BASECAMP = e('Basecamp', [], ['basecamp.com'], true);
export const TRELLO = e('Trello', [], ['trello.com'], false);
export const ASANA = e('Asana', [], ['asana.com'], true);
export const HEIGHT = e('Height', [], ['height.app'], true);
export const SHORTCUT = e('Shortcut', [], ['shortcut.com'], true);
export const PM_WS: CaseWorkspace = { brand: BASECAMP, competitors: [TRELLO, ASANA, HEIGHT, SHORTCUT], industry: 'project management' };

// General retail (US)
export const TARGET = e('Target', ['Target Corporation'], ['target.com'], true);
export const WALMART = e('Walmart', [], ['walmart.com'], false);
export const AMAZON = e('Amazon', [], ['amazon.com'], true);
export const COSTCO = e('Costco', [], ['costco.com'], false);
export const RETAIL_WS: CaseWorkspace = { brand: TARGET, competitors: [WALMART, AMAZON, COSTCO], industry: 'retail' };

// Clothing (UK)
export const GAP = e('Gap', ['Gap Inc.'], ['gap.com', 'gap.co.uk'], true);
export const NEXT = e('Next', ['Next plc'], ['next.co.uk'], true);
export const UNIQLO = e('Uniqlo', [], ['uniqlo.com'], false);
export const PRIMARK = e('Primark', [], ['primark.com'], false);
export const CLOTHES_WS: CaseWorkspace = { brand: GAP, competitors: [NEXT, UNIQLO, PRIMARK], industry: 'clothing' };

// Note-taking apps
export const BEAR = e('Bear', ['Bear Notes'], ['bear.app'], true);
export const ROAM = e('Roam', ['Roam Research'], ['roamresearch.com'], true);
export const OBSIDIAN = e('Obsidian', [], ['obsidian.md'], true);
export const EVERNOTE = e('Evernote', [], ['evernote.com'], false);
export const NOTES_WS: CaseWorkspace = { brand: BEAR, competitors: [ROAM, OBSIDIAN, EVERNOTE], industry: 'note-taking apps' };

// Newsletters
export const KIT = e('Kit', ['ConvertKit'], ['kit.com', 'convertkit.com'], true);
export const MAILCHIMP = e('Mailchimp', [], ['mailchimp.com'], false);
export const BEEHIIV = e('beehiiv', [], ['beehiiv.com'], false);
export const SUBSTACK = e('Substack', [], ['substack.com'], false);
export const NEWSLETTER_WS: CaseWorkspace = { brand: KIT, competitors: [MAILCHIMP, BEEHIIV, SUBSTACK], industry: 'email marketing' };

// Coffee subscriptions
export const TRADE = e('Trade', ['Trade Coffee'], ['drinktrade.com'], true);
export const ATLAS = e('Atlas Coffee Club', ['Atlas'], ['atlascoffeeclub.com'], false);
export const BLUE_BOTTLE = e('Blue Bottle', ['Blue Bottle Coffee'], ['bluebottlecoffee.com'], false);
export const COFFEE_SUB_WS: CaseWorkspace = { brand: TRADE, competitors: [ATLAS, BLUE_BOTTLE], industry: 'coffee subscription' };

// Business accounts (France)
export const SHINE = e('Shine', [], ['shine.fr'], true);
export const QONTO = e('Qonto', [], ['qonto.com'], false);
export const REVOLUT = e('Revolut', ['Revolut Business'], ['revolut.com'], false);
export const BLANK = e('Blank', [], ['blank.app'], true);
export const BANK_FR_WS: CaseWorkspace = { brand: SHINE, competitors: [QONTO, REVOLUT, BLANK], industry: 'néobanque' };

// Payments (Catalonia): a brand whose alias is written with and without its accents
export const COL_LECTA = e('Col·lecta', ['Col·lecta Pagaments', 'Cobrament Fàcil'], ['collecta.cat'], false);
export const PAY_CA_WS: CaseWorkspace = { brand: COL_LECTA, competitors: [SQUARE, STRIPE, SUMUP], industry: 'pagaments' };

// Issue tracking, design, money transfer, secrets (the kind of names the held-out set has)
export const LINEAR = e('Linear', [], ['linear.app'], true);
export const JIRA = e('Jira', ['Jira Software'], ['atlassian.com'], false);
export const CANVA = e('Canva', [], ['canva.com'], true);
export const WISE = e('Wise', ['TransferWise'], ['wise.com'], true);
export const VAULT = e('Vault', ['HashiCorp Vault'], ['vaultproject.io'], true);
export const DOPPLER = e('Doppler', [], ['doppler.com'], true);
export const LINEAR_WS: CaseWorkspace = { brand: LINEAR, competitors: [JIRA, SHORTCUT, HEIGHT, ASANA], industry: 'issue tracking' };
export const DESIGN_WS: CaseWorkspace = { brand: CANVA, competitors: [PITCH, e('Figma', [], ['figma.com'], false), e('Adobe Express', [], ['adobe.com'], false)], industry: 'design' };
export const MONEY_WS: CaseWorkspace = { brand: WISE, competitors: [REVOLUT, e('Remitly', [], ['remitly.com'], false), e('PayPal', [], ['paypal.com'], false)], industry: 'money transfer' };
export const SECRETS_WS: CaseWorkspace = { brand: DOPPLER, competitors: [VAULT, e('1Password', [], ['1password.com'], false), e('Infisical', [], ['infisical.com'], false)], industry: 'secrets management' };
