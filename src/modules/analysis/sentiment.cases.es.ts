import { type SentimentCase, sc } from './sentiment.cases.types.ts';

// Spanish answers (see sentiment.cases.types.ts for the annotation rules).

export const ES: SentimentCase[] = [
  sc('es', 'positive', 'Acme es la herramienta más fiable que probamos y el equipo de soporte responde enseguida.', { Acme: 'positive' }),
  sc('es', 'positive', 'Para una pyme, Globex es una opción excelente: rápida, asequible y fácil de aprender.', { Globex: 'positive' }),
  sc('es', 'negative', 'Initech es caro para lo que ofrece y sus informes son muy limitados.', { Initech: 'negative' }),
  sc('es', 'negative', 'Muchos usuarios consideran que Hooli es lento y poco fiable en horas punta.', { Hooli: 'negative' }),
  sc('es', 'neutral', 'Acme se fundó en 2015 y tiene su sede en Valencia.', { Acme: 'neutral' }),
  sc('es', 'neutral', 'Entre las opciones más conocidas están Acme, Globex y Zentrix.', { Acme: 'neutral', Globex: 'neutral', Zentrix: 'neutral' }),
  sc('es', 'negation', 'Vandelay no es barato y la configuración tampoco es sencilla.', { Vandelay: 'negative' }),
  sc('es', 'negation', 'Zentrix no es malo, sobre todo por el precio que tiene.', { Zentrix: 'positive' }),
  // null subject and pronouns
  sc('es', 'null-subject', 'Acme lanzó un nuevo módulo de analítica el año pasado. Es lento y se bloquea con informes grandes.', { Acme: 'negative' }),
  sc('es', 'null-subject', 'Globex es una plataforma de reservas para restaurantes. Funciona muy bien y ofrece un soporte excelente.', { Globex: 'positive' }),
  sc('es', 'null-subject', 'Initech apuesta por el cliente empresarial. Cuesta demasiado para un equipo pequeño y resulta difícil de configurar.', { Initech: 'negative' }),
  sc('es', 'pronoun', 'Hooli nació como una app de mensajería. Su interfaz es confusa y sus precios no paran de subir.', { Hooli: 'negative' }),
  sc('es', 'pronoun', 'Pixelo comprime imágenes sin perder calidad. Su velocidad sorprende y su plan gratuito es generoso.', { Pixelo: 'positive' }),
  // comparatives
  sc('es', 'comparative', 'Acme es más barato que Globex y ofrece las mismas funciones básicas.', { Acme: 'positive', Globex: 'negative' }),
  sc('es', 'comparative', 'Initech es más caro que Hooli y no aporta mucho más.', { Initech: 'negative', Hooli: 'positive' }),
  sc('es', 'comparative', 'Zentrix es mejor que Vandelay para equipos de ventas.', { Zentrix: 'positive', Vandelay: 'negative' }),
  sc('es', 'comparative', 'En nuestras pruebas, Globex fue mucho más lento que Acme al importar datos.', { Globex: 'negative', Acme: 'positive' }),
  sc('es', 'comparative', 'Pixelo queda por detrás de Zentrix en integraciones.', { Pixelo: 'negative', Zentrix: 'positive' }),
  // advice against
  sc('es', 'advice', 'Si necesitas trabajar sin conexión, mejor evitar Hooli.', { Hooli: 'negative' }),
  sc('es', 'advice', 'No recomendamos Vandelay para equipos de más de diez personas.', { Vandelay: 'negative' }),
  sc('es', 'advice', 'Yo evitaría Initech hasta que resuelvan los problemas de facturación.', { Initech: 'negative' }),
  // hedged / complaints
  sc('es', 'hedged', 'Los usuarios se quejan de las subidas de precio de Acme.', { Acme: 'negative' }),
  sc('es', 'hedged', 'Globex puede ser lento con bases de datos grandes y la curva de aprendizaje es pronunciada.', { Globex: 'negative' }),
  // mixed
  sc('es', 'mixed', 'Zentrix es potente, pero falla cuando no hay conexión.', { Zentrix: 'mixed' }),
  sc('es', 'mixed', 'Initech tiene un editor excelente; sin embargo, el soporte es lento.', { Initech: 'mixed' }),
  sc('es', 'mixed', 'Hooli es fácil de usar, aunque sus funciones de informes son limitadas.', { Hooli: 'mixed' }),
  // scope
  sc('es', 'scope', 'Acme es ideal para startups, mientras que Globex resulta caro y complicado.', { Acme: 'positive', Globex: 'negative' }),
  sc('es', 'scope', 'Vandelay tiene un soporte deficiente, pero el equipo de Pixelo responde en minutos.', { Vandelay: 'negative', Pixelo: 'positive' }),
  // lists and tables
  sc('es', 'list', `### Mejores CRM para pymes

1. **Acme**: fácil de usar, asequible y con un soporte excelente.
2. **Globex**: automatizaciones potentes, aunque caro y difícil de configurar.
3. **Initech**: funciones básicas; la interfaz está anticuada y las integraciones son limitadas.`, { Acme: 'positive', Globex: 'mixed', Initech: 'negative' }),
  sc('es', 'table', `| Herramienta | Ventajas | Inconvenientes |
|---|---|---|
| Hooli | Rápida e intuitiva | Pocas integraciones |
| Zentrix | — | Cara, lenta y con fallos frecuentes |`, { Hooli: 'mixed', Zentrix: 'negative' }),
  sc('es', 'long', `Vandelay es una plataforma de comercio electrónico muy popular en Latinoamérica. Ofrece plantillas modernas y pasarelas de pago locales.

Sin embargo, en los últimos meses ha recibido muchas quejas. Los usuarios critican las caídas del servicio y la lentitud del soporte. Además, cobra comisiones altas en el plan básico.`, { Vandelay: 'negative' }),
  sc('es', 'null-subject', 'Conviene mirar Zentrix si gestionas inventario. Se integra con casi todo y tiene un precio razonable.', { Zentrix: 'positive' }),
  sc('es', 'neutral', 'Globex permite exportar los datos en CSV y cuesta 20 euros al mes por usuario.', { Globex: 'neutral' }),
  sc('es', 'list', `## Hooli

Hooli es un gestor de proyectos pensado para agencias.

**Ventajas:**
- Plantillas para cada tipo de cliente
- Integración con Google Drive

**Inconvenientes:**
- La app móvil es muy básica
- No tiene modo sin conexión
- El precio sube mucho al añadir usuarios`, { Hooli: 'mixed' }),
];
