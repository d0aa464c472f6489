import { html, type Route } from '../../../test/helpers/fixture-site.ts';

// Two small sites for the proposal tests: an English CRM and a Spanish dental clinic, each with
// a title, a description, schema.org data (organisation, product or service, FAQ), headings and
// an FAQ page it links.

const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

export const CRM_SITE: Record<string, Route> = {
  '/': (_req, res) => html(res, `<!doctype html><html lang="en"><head><title>Acme CRM — the CRM platform for small sales teams</title>
<meta name="description" content="Acme CRM helps small sales teams track deals and follow up on time.">
${ld({ '@context': 'https://schema.org', '@graph': [
    { '@type': 'Organization', name: 'Acme CRM', description: 'Acme is a CRM platform for small sales teams.' },
    { '@type': 'SoftwareApplication', name: 'Acme Pipeline' },
    { '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'How do I import contacts from a spreadsheet?' }, { '@type': 'Question', name: 'Does Acme CRM integrate with Gmail?' }] },
  ] })}</head><body><h1>Pipeline management for small sales teams</h1><h2>Automatic follow-up reminders</h2><h2>Pricing</h2>
<a href="/faq">FAQ</a> <a href="/blog">Blog</a></body></html>`),
  '/faq': (_req, res) => html(res, `<!doctype html><html lang="en"><head><title>FAQ — Acme CRM</title></head><body>
<h1>Frequently asked questions</h1><h3>Can I cancel my plan at any time?</h3><details><summary>Is my data stored in the EU?</summary><p>Yes.</p></details></body></html>`),
};

export const CLINIC_SITE: Record<string, Route> = {
  '/': (_req, res) => html(res, `<!doctype html><html lang="es"><head><title>Clínica Sonrisa | Dentistas en Barcelona</title>
<meta name="description" content="Clínica dental en Barcelona: implantes, ortodoncia invisible y urgencias.">
${ld({ '@context': 'https://schema.org', '@graph': [
    { '@type': 'Dentist', name: 'Clínica Sonrisa', description: 'Clínica dental en Barcelona con implantes y ortodoncia invisible.' },
    { '@type': 'Service', name: 'Blanqueamiento dental' },
    { '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: '¿Cuánto cuesta un implante dental?' }, { '@type': 'Question', name: '¿Atendéis urgencias en fin de semana?' }] },
  ] })}</head><body><h1>Ortodoncia invisible para adultos</h1><h2>Implantes dentales en un día</h2><h2>Contacto</h2>
<a href="/preguntas-frecuentes">Preguntas frecuentes</a></body></html>`),
  '/preguntas-frecuentes': (_req, res) => html(res, `<!doctype html><html lang="es"><head><title>Preguntas frecuentes</title></head><body>
<h2>¿La primera visita es gratuita?</h2><h2>¿Trabajáis con seguros médicos?</h2></body></html>`),
};
