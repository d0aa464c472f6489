import { type SentimentCase, sc } from './sentiment.cases.types.ts';

// English answers. Labels were written from the text as a reader takes it (see the annotation
// rules in sentiment.cases.types.ts), before the rules that score them.

export const EN: SentimentCase[] = [
  // plain praise and plain criticism
  sc('en', 'positive', 'Acme is the most reliable CRM we tested, and onboarding takes less than a day.', { Acme: 'positive' }),
  sc('en', 'positive', 'For a small agency, Acme is an excellent choice: fast, affordable and easy to learn.', { Acme: 'positive' }),
  sc('en', 'positive', 'Reviewers consistently praise Globex for its intuitive interface and responsive support team.', { Globex: 'positive' }),
  sc('en', 'negative', 'Initech is expensive for what it offers and its reporting is clunky.', { Initech: 'negative' }),
  sc('en', 'negative', 'Many teams found Hooli unreliable during peak hours, with frequent outages reported in 2023.', { Hooli: 'negative' }),
  sc('en', 'negative', 'Vandelay has a dated interface and a confusing pricing page.', { Vandelay: 'negative' }),
  sc('en', 'negative', 'Zentrix suffers from poor documentation and slow customer support.', { Zentrix: 'negative' }),
  // neutral, factual
  sc('en', 'neutral', 'Acme was founded in 2014 and is headquartered in Austin, Texas.', { Acme: 'neutral' }),
  sc('en', 'neutral', 'Globex offers three plans: Starter, Team and Enterprise. All plans include email integration.', { Globex: 'neutral' }),
  sc('en', 'neutral', 'To export your contacts from Initech, open Settings, choose Data and click Export CSV.', { Initech: 'neutral' }),
  sc('en', 'neutral', 'Popular options in this category include Acme, Globex and Hooli.', { Acme: 'neutral', Globex: 'neutral', Hooli: 'neutral' }),
  sc('en', 'neutral', 'Hooli is a project management tool used by marketing and product teams. It integrates with Slack and Google Drive.', { Hooli: 'neutral' }),
  // negation
  sc('en', 'negation', 'Acme is not cheap, and the setup is not simple either.', { Acme: 'negative' }),
  sc('en', 'negation', "Globex isn't the fastest option, but it never loses data and it is very secure.", { Globex: 'positive' }),
  sc('en', 'negation', "Initech doesn't have a mobile app and doesn't support single sign-on.", { Initech: 'negative' }),
  sc('en', 'negation', "Honestly, Hooli isn't bad at all for the price.", { Hooli: 'positive' }),
  // pronoun carry-over
  sc('en', 'pronoun', 'Acme launched a new analytics module last year. It is slow to load and often crashes on large reports.', { Acme: 'negative' }),
  sc('en', 'pronoun', 'Globex is a newer entrant. Its customer support is outstanding and its templates save hours every week.', { Globex: 'positive' }),
  sc('en', 'pronoun', 'Consider Initech if you run a field team. It works offline and it syncs reliably once you reconnect.', { Initech: 'positive' }),
  sc('en', 'pronoun', 'Zentrix targets enterprise buyers. Unfortunately, it is hard to configure and its API is poorly documented.', { Zentrix: 'negative' }),
  sc('en', 'pronoun', 'Hooli started as a chat app. They have since added video calls, but their pricing keeps going up and the app feels bloated.', { Hooli: 'negative' }),
  sc('en', 'pronoun', 'Pixelo handles image compression. The tool is remarkably fast and the results look great.', { Pixelo: 'positive' }),
  // comparatives: both sides
  sc('en', 'comparative', 'Acme is cheaper than Globex and just as capable for small teams.', { Acme: 'positive', Globex: 'negative' }),
  sc('en', 'comparative', 'Globex is better than Initech for reporting.', { Globex: 'positive', Initech: 'negative' }),
  sc('en', 'comparative', 'In our tests Hooli was noticeably slower than Acme when importing large files.', { Hooli: 'negative', Acme: 'positive' }),
  sc('en', 'comparative', 'Vandelay lags behind Globex on integrations and mobile support.', { Vandelay: 'negative', Globex: 'positive' }),
  sc('en', 'comparative', 'Zentrix outperforms Initech in every benchmark we ran.', { Zentrix: 'positive', Initech: 'negative' }),
  sc('en', 'comparative', 'Initech is more expensive than Acme, and the extra cost is hard to justify.', { Initech: 'negative', Acme: 'positive' }),
  sc('en', 'comparative', 'Compared with Hooli, Pixelo is easier to use and has better support.', { Pixelo: 'positive', Hooli: 'negative' }),
  sc('en', 'comparative', 'Globex is less reliable than Zentrix under heavy load.', { Globex: 'negative', Zentrix: 'positive' }),
  // advice against
  sc('en', 'advice', 'If you need offline access, avoid Hooli; the desktop app stops working without a connection.', { Hooli: 'negative' }),
  sc('en', 'advice', "I wouldn't recommend Vandelay for teams larger than ten people.", { Vandelay: 'negative' }),
  sc('en', 'advice', 'Skip Initech unless you already use their accounting suite.', { Initech: 'negative' }),
  sc('en', 'advice', 'Steer clear of Zentrix if budget matters: the add-ons quickly double the bill.', { Zentrix: 'negative' }),
  sc('en', 'advice', 'Globex is not recommended for regulated industries because it lacks audit logs.', { Globex: 'negative' }),
  sc('en', 'advice', 'We would avoid Hooli for now and pick Acme instead, which is more stable.', { Hooli: 'negative', Acme: 'positive' }),
  // hedged criticism and complaint framing
  sc('en', 'hedged', 'Users complain about Acme’s price increases over the last two years.', { Acme: 'negative' }),
  sc('en', 'hedged', 'Globex struggles with large datasets and can be slow to generate reports.', { Globex: 'negative' }),
  sc('en', 'hedged', 'Initech has a steep learning curve, and some users report that the mobile app is limited.', { Initech: 'negative' }),
  sc('en', 'hedged', 'Some customers say Hooli’s support can be slow to respond.', { Hooli: 'negative' }),
  sc('en', 'hedged', 'Zentrix may not be the best fit for small teams, as its pricing is geared toward enterprises.', { Zentrix: 'negative' }),
  // mixed
  sc('en', 'mixed', 'Acme is powerful but struggles offline.', { Acme: 'mixed' }),
  sc('en', 'mixed', 'Globex has an excellent editor; however, users complain about frequent price increases.', { Globex: 'mixed' }),
  sc('en', 'mixed', 'Initech is easy to set up, although its reporting features are limited.', { Initech: 'mixed' }),
  sc('en', 'mixed', 'Hooli offers great value for money. On the downside, its mobile app is buggy.', { Hooli: 'mixed' }),
  sc('en', 'mixed', 'Pros of Vandelay: flexible workflows and a generous free plan. Cons: slow search and a cluttered interface.', { Vandelay: 'mixed' }),
  // two entities, clause scoping
  sc('en', 'scope', 'Acme is great for startups, while Globex is clunky and overpriced.', { Acme: 'positive', Globex: 'negative' }),
  sc('en', 'scope', 'Initech has poor support, but Hooli’s team answers within minutes.', { Initech: 'negative', Hooli: 'positive' }),
  sc('en', 'scope', 'Zentrix and Pixelo are both solid choices for design teams.', { Zentrix: 'positive', Pixelo: 'positive' }),
  sc('en', 'scope', 'Globex crashed twice during our trial; Acme ran without a hitch.', { Globex: 'negative', Acme: 'positive' }),
  sc('en', 'scope', 'Teams moving away from Vandelay often cite its outdated interface, and many of them end up on Acme.', { Vandelay: 'negative' }),
  // lists and tables
  sc('en', 'list', `## Best CRMs for small teams

1. **Acme** – Easy to learn, affordable, with excellent support.
2. **Globex** – Powerful automation, but expensive and hard to configure.
3. **Initech** – Basic features only; the interface feels outdated and integrations are limited.`, { Acme: 'positive', Globex: 'mixed', Initech: 'negative' }),
  sc('en', 'list', `Here are the main options:

- **Hooli**: a solid all-rounder with a clean interface.
- **Zentrix**: avoid it if you need reliable syncing; many users report lost changes.
- **Pixelo**: fine for basic needs.`, { Hooli: 'positive', Zentrix: 'negative', Pixelo: 'positive' }),
  sc('en', 'list', `### Acme
- Pros: fast setup, great templates
- Cons: none worth mentioning for small teams

### Globex
- Pros: cheap
- Cons: frequent outages, slow support, limited reporting`, { Acme: 'positive', Globex: 'negative' }),
  sc('en', 'table', `| Tool | Strengths | Weaknesses |
|---|---|---|
| Acme | Fast, intuitive | Few integrations |
| Globex | Huge ecosystem | Expensive, steep learning curve |
| Hooli | — | Buggy, unreliable sync |`, { Acme: 'mixed', Globex: 'mixed', Hooli: 'negative' }),
  sc('en', 'table', `| Platform | Verdict |
|---|---|
| Initech | Recommended for enterprises |
| Vandelay | Not recommended: poor support |
| Zentrix | Decent, but pricey |`, { Initech: 'positive', Vandelay: 'negative', Zentrix: 'mixed' }),
  sc('en', 'list', `**Bottom line:** pick Acme if you want something that just works. Globex is the budget choice, but expect bugs and slow support.`, { Acme: 'positive', Globex: 'mixed' }),
  // longer answers, several sentences about the brand
  sc('en', 'long', `Acme is a customer support platform aimed at mid-sized companies. It was one of the first tools to bundle chat, email and phone in one inbox.

In practice, it has become harder to recommend. Its pricing has gone up three times since 2022, and several reviewers mention that the new interface is confusing. Support response times have also slipped.

If you are already on Acme, there is no urgent reason to migrate, but new buyers should compare alternatives first.`, { Acme: 'negative' }),
  sc('en', 'long', `Globex is widely regarded as the leader in warehouse automation. Its robots are dependable, the dashboards are clear, and customers report a fast return on investment. The main caveat is the upfront cost, which can be significant for smaller warehouses.`, { Globex: 'positive' }),
  sc('en', 'long', `Initech and Hooli both offer payroll for small businesses. Initech supports more countries and has a polished mobile app. Hooli, on the other hand, is cheaper but has a reputation for calculation errors and slow fixes.`, { Initech: 'positive', Hooli: 'mixed' }),
  sc('en', 'advice', 'Avoid the Zentrix starter plan: it caps storage at 1 GB and charges steep overage fees.', { Zentrix: 'negative' }),
  sc('en', 'hedged', 'Pixelo can be slow on older laptops, and exports occasionally fail.', { Pixelo: 'negative' }),
  sc('en', 'positive', 'Hands down, Vandelay is the best import management system for small distributors.', { Vandelay: 'positive' }),
  sc('en', 'neutral', 'Acme vs Globex: both offer a free trial, an API and integrations with Zapier.', { Acme: 'neutral', Globex: 'neutral' }),
  sc('en', 'neutral', 'Zentrix charges per seat, starting at $12 per user per month, and bills annually.', { Zentrix: 'neutral' }),
  sc('en', 'table', `## Acme vs Globex

| | Acme | Globex |
|---|---|---|
| Pricing | $12/user, fair | $30/user, steep |
| Ease of use | Very intuitive | Confusing menus |
| Support | 24/7 chat, fast | Email only, slow replies |

Both export to CSV.`, { Acme: 'positive', Globex: 'negative' }),
  sc('en', 'table', `| Criteria | Hooli | Pixelo |
|---|---|---|
| Speed | Fast | Fast |
| Offline mode | No | Yes |
| Reliability | Frequent sync errors | Rock-solid |`, { Hooli: 'mixed', Pixelo: 'positive' }),
];
