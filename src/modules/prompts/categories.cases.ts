import type { Category, Language } from './prompts.types.ts';

// Real-world categories in the four languages (SaaS, retail, travel, health, local services,
// B2B industrial, finance), one row per concept, for the frozen template table
// (__snapshots__/templates.*.json) and the head-noun and translation checks (templates.fns.test.ts).

type Row = { id: string } & Record<Language, Category>;
const c = (singular: string, plural: string, gender: 'm' | 'f' | null = null): Category => ({ singular, plural, gender });

export const CATEGORY_CASES: Row[] = [
  // SaaS
  { id: 'crm', en: c('CRM platform', 'CRM platforms'), es: c('plataforma CRM', 'plataformas CRM', 'f'), ca: c('plataforma CRM', 'plataformes CRM', 'f'), fr: c('plateforme CRM', 'plateformes CRM', 'f') },
  { id: 'project-management', en: c('project management tool', 'project management tools'), es: c('herramienta de gestión de proyectos', 'herramientas de gestión de proyectos', 'f'), ca: c('eina de gestió de projectes', 'eines de gestió de projectes', 'f'), fr: c('outil de gestion de projet', 'outils de gestion de projet', 'm') },
  { id: 'email-marketing', en: c('email marketing platform', 'email marketing platforms'), es: c('plataforma de email marketing', 'plataformas de email marketing', 'f'), ca: c("plataforma d'email màrqueting", "plataformes d'email màrqueting", 'f'), fr: c("plateforme d'emailing", "plateformes d'emailing", 'f') },
  { id: 'password-manager', en: c('password manager', 'password managers'), es: c('gestor de contraseñas', 'gestores de contraseñas', 'm'), ca: c('gestor de contrasenyes', 'gestors de contrasenyes', 'm'), fr: c('gestionnaire de mots de passe', 'gestionnaires de mots de passe', 'm') },
  { id: 'website-builder', en: c('website builder', 'website builders'), es: c('creador de sitios web', 'creadores de sitios web', 'm'), ca: c('creador de llocs web', 'creadors de llocs web', 'm'), fr: c('créateur de site web', 'créateurs de sites web', 'm') },
  { id: 'accounting', en: c('accounting app', 'accounting apps'), es: c('programa de contabilidad', 'programas de contabilidad', 'm'), ca: c('programa de comptabilitat', 'programes de comptabilitat', 'm'), fr: c('logiciel de comptabilité', 'logiciels de comptabilité', 'm') },
  { id: 'video-conferencing', en: c('video conferencing app', 'video conferencing apps'), es: c('aplicación de videoconferencia', 'aplicaciones de videoconferencia', 'f'), ca: c('aplicació de videoconferència', 'aplicacions de videoconferència', 'f'), fr: c('application de visioconférence', 'applications de visioconférence', 'f') },
  { id: 'help-desk', en: c('help desk platform', 'help desk platforms'), es: c('plataforma de atención al cliente', 'plataformas de atención al cliente', 'f'), ca: c("plataforma d'atenció al client", "plataformes d'atenció al client", 'f'), fr: c('plateforme de support client', 'plateformes de support client', 'f') },
  { id: 'web-analytics', en: c('web analytics tool', 'web analytics tools'), es: c('herramienta de analítica web', 'herramientas de analítica web', 'f'), ca: c("eina d'analítica web", "eines d'analítica web", 'f'), fr: c("outil d'analyse d'audience", "outils d'analyse d'audience", 'm') },
  { id: 'vpn', en: c('VPN service', 'VPN services'), es: c('servicio VPN', 'servicios VPN', 'm'), ca: c('servei VPN', 'serveis VPN', 'm'), fr: c('service VPN', 'services VPN', 'm') },
  // Retail
  { id: 'running-shoes', en: c('running shoe', 'running shoes'), es: c('zapatilla de running', 'zapatillas de running', 'f'), ca: c('sabatilla de córrer', 'sabatilles de córrer', 'f'), fr: c('chaussure de running', 'chaussures de running', 'f') },
  { id: 'mattress', en: c('mattress', 'mattresses'), es: c('colchón', 'colchones', 'm'), ca: c('matalàs', 'matalassos', 'm'), fr: c('matelas', 'matelas', 'm') },
  { id: 'fashion-store', en: c('online fashion store', 'online fashion stores'), es: c('tienda de moda online', 'tiendas de moda online', 'f'), ca: c('botiga de moda en línia', 'botigues de moda en línia', 'f'), fr: c('boutique de mode en ligne', 'boutiques de mode en ligne', 'f') },
  { id: 'e-bike', en: c('electric bike', 'electric bikes'), es: c('bicicleta eléctrica', 'bicicletas eléctricas', 'f'), ca: c('bicicleta elèctrica', 'bicicletes elèctriques', 'f'), fr: c('vélo électrique', 'vélos électriques', 'm') },
  { id: 'coffee-machine', en: c('coffee machine', 'coffee machines'), es: c('cafetera', 'cafeteras', 'f'), ca: c('cafetera', 'cafeteres', 'f'), fr: c('machine à café', 'machines à café', 'f') },
  { id: 'skincare', en: c('skincare brand', 'skincare brands'), es: c('marca de cosmética', 'marcas de cosmética', 'f'), ca: c('marca de cosmètica', 'marques de cosmètica', 'f'), fr: c('marque de soins de la peau', 'marques de soins de la peau', 'f') },
  { id: 'robot-vacuum', en: c('robot vacuum', 'robot vacuums'), es: c('robot aspirador', 'robots aspiradores', 'm'), ca: c('robot aspirador', 'robots aspiradors', 'm'), fr: c('aspirateur robot', 'aspirateurs robots', 'm') },
  { id: 'smartphone', en: c('smartphone', 'smartphones'), es: c('teléfono móvil', 'teléfonos móviles', 'm'), ca: c('telèfon mòbil', 'telèfons mòbils', 'm'), fr: c('smartphone', 'smartphones', 'm') },
  { id: 'organic-supermarket', en: c('organic supermarket', 'organic supermarkets'), es: c('supermercado ecológico', 'supermercados ecológicos', 'm'), ca: c('supermercat ecològic', 'supermercats ecològics', 'm'), fr: c('supermarché bio', 'supermarchés bio', 'm') },
  { id: 'pet-food', en: c('pet food brand', 'pet food brands'), es: c('marca de comida para mascotas', 'marcas de comida para mascotas', 'f'), ca: c('marca de menjar per a mascotes', 'marques de menjar per a mascotes', 'f'), fr: c('marque de croquettes', 'marques de croquettes', 'f') },
  // Travel
  { id: 'boutique-hotel', en: c('boutique hotel', 'boutique hotels'), es: c('hotel boutique', 'hoteles boutique', 'm'), ca: c('hotel boutique', 'hotels boutique', 'm'), fr: c('hôtel de charme', 'hôtels de charme', 'm') },
  { id: 'airline', en: c('airline', 'airlines'), es: c('aerolínea', 'aerolíneas', 'f'), ca: c('aerolínia', 'aerolínies', 'f'), fr: c('compagnie aérienne', 'compagnies aériennes', 'f') },
  { id: 'car-rental', en: c('car rental company', 'car rental companies'), es: c('empresa de alquiler de coches', 'empresas de alquiler de coches', 'f'), ca: c('empresa de lloguer de cotxes', 'empreses de lloguer de cotxes', 'f'), fr: c('loueur de voitures', 'loueurs de voitures', 'm') },
  { id: 'travel-insurer', en: c('travel insurer', 'travel insurers'), es: c('aseguradora de viajes', 'aseguradoras de viajes', 'f'), ca: c('asseguradora de viatges', 'asseguradores de viatges', 'f'), fr: c('assureur voyage', 'assureurs voyage', 'm') },
  { id: 'hotel-booking', en: c('hotel booking site', 'hotel booking sites'), es: c('web de reservas de hotel', 'webs de reservas de hotel', 'f'), ca: c("plataforma de reserves d'hotel", "plataformes de reserves d'hotel", 'f'), fr: c("site de réservation d'hôtel", "sites de réservation d'hôtel", 'm') },
  { id: 'campsite', en: c('campsite', 'campsites'), es: c('camping', 'campings', 'm'), ca: c('càmping', 'càmpings', 'm'), fr: c('camping', 'campings', 'm') },
  { id: 'cruise-line', en: c('cruise line', 'cruise lines'), es: c('naviera de cruceros', 'navieras de cruceros', 'f'), ca: c('naviliera de creuers', 'navilieres de creuers', 'f'), fr: c('compagnie de croisières', 'compagnies de croisières', 'f') },
  { id: 'tour-operator', en: c('tour operator', 'tour operators'), es: c('operador turístico', 'operadores turísticos', 'm'), ca: c('operador turístic', 'operadors turístics', 'm'), fr: c('voyagiste', 'voyagistes', 'm') },
  // Health
  { id: 'dental-clinic', en: c('dental clinic', 'dental clinics'), es: c('clínica dental', 'clínicas dentales', 'f'), ca: c('clínica dental', 'clíniques dentals', 'f'), fr: c('cabinet dentaire', 'cabinets dentaires', 'm') },
  { id: 'physiotherapy', en: c('physiotherapy clinic', 'physiotherapy clinics'), es: c('centro de fisioterapia', 'centros de fisioterapia', 'm'), ca: c('centre de fisioteràpia', 'centres de fisioteràpia', 'm'), fr: c('cabinet de kinésithérapie', 'cabinets de kinésithérapie', 'm') },
  { id: 'health-insurance', en: c('health insurance plan', 'health insurance plans'), es: c('seguro médico', 'seguros médicos', 'm'), ca: c('assegurança mèdica', 'assegurances mèdiques', 'f'), fr: c('mutuelle santé', 'mutuelles santé', 'f') },
  { id: 'online-pharmacy', en: c('online pharmacy', 'online pharmacies'), es: c('farmacia online', 'farmacias online', 'f'), ca: c('farmàcia en línia', 'farmàcies en línia', 'f'), fr: c('pharmacie en ligne', 'pharmacies en ligne', 'f') },
  { id: 'telehealth', en: c('telehealth app', 'telehealth apps'), es: c('app de telemedicina', 'apps de telemedicina', 'f'), ca: c('aplicació de telemedicina', 'aplicacions de telemedicina', 'f'), fr: c('application de téléconsultation', 'applications de téléconsultation', 'f') },
  { id: 'gym', en: c('gym', 'gyms'), es: c('gimnasio', 'gimnasios', 'm'), ca: c('gimnàs', 'gimnasos', 'm'), fr: c('salle de sport', 'salles de sport', 'f') },
  // Local services
  { id: 'plumber', en: c('plumber', 'plumbers'), es: c('fontanero', 'fontaneros', 'm'), ca: c('lampista', 'lampistes', 'm'), fr: c('plombier', 'plombiers', 'm') },
  { id: 'moving-company', en: c('moving company', 'moving companies'), es: c('empresa de mudanzas', 'empresas de mudanzas', 'f'), ca: c('empresa de mudances', 'empreses de mudances', 'f'), fr: c('entreprise de déménagement', 'entreprises de déménagement', 'f') },
  { id: 'wedding-photographer', en: c('wedding photographer', 'wedding photographers'), es: c('fotógrafo de bodas', 'fotógrafos de bodas', 'm'), ca: c('fotògraf de casaments', 'fotògrafs de casaments', 'm'), fr: c('photographe de mariage', 'photographes de mariage', 'm') },
  { id: 'driving-school', en: c('driving school', 'driving schools'), es: c('autoescuela', 'autoescuelas', 'f'), ca: c('autoescola', 'autoescoles', 'f'), fr: c('auto-école', 'auto-écoles', 'f') },
  { id: 'real-estate', en: c('real estate agency', 'real estate agencies'), es: c('inmobiliaria', 'inmobiliarias', 'f'), ca: c('agència immobiliària', 'agències immobiliàries', 'f'), fr: c('agence immobilière', 'agences immobilières', 'f') },
  { id: 'language-school', en: c('language school', 'language schools'), es: c('academia de idiomas', 'academias de idiomas', 'f'), ca: c("acadèmia d'idiomes", "acadèmies d'idiomes", 'f'), fr: c('école de langues', 'écoles de langues', 'f') },
  // B2B industrial
  { id: 'pump-maker', en: c('industrial pump manufacturer', 'industrial pump manufacturers'), es: c('fabricante de bombas industriales', 'fabricantes de bombas industriales', 'm'), ca: c('fabricant de bombes industrials', 'fabricants de bombes industrials', 'm'), fr: c('fabricant de pompes industrielles', 'fabricants de pompes industrielles', 'm') },
  { id: 'forklift', en: c('forklift', 'forklifts'), es: c('carretilla elevadora', 'carretillas elevadoras', 'f'), ca: c('carretó elevador', 'carretons elevadors', 'm'), fr: c('chariot élévateur', 'chariots élévateurs', 'm') },
  { id: 'logistics', en: c('logistics provider', 'logistics providers'), es: c('operador logístico', 'operadores logísticos', 'm'), ca: c('operador logístic', 'operadors logístics', 'm'), fr: c('prestataire logistique', 'prestataires logistiques', 'm') },
  { id: '3d-printer', en: c('industrial 3D printer', 'industrial 3D printers'), es: c('impresora 3D industrial', 'impresoras 3D industriales', 'f'), ca: c('impressora 3D industrial', 'impressores 3D industrials', 'f'), fr: c('imprimante 3D industrielle', 'imprimantes 3D industrielles', 'f') },
  { id: 'packaging', en: c('packaging supplier', 'packaging suppliers'), es: c('proveedor de embalajes', 'proveedores de embalajes', 'm'), ca: c("proveïdor d'embalatges", "proveïdors d'embalatges", 'm'), fr: c("fournisseur d'emballages", "fournisseurs d'emballages", 'm') },
  { id: 'solar-installer', en: c('solar panel installer', 'solar panel installers'), es: c('instalador de placas solares', 'instaladores de placas solares', 'm'), ca: c('instal·lador de plaques solars', 'instal·ladors de plaques solars', 'm'), fr: c('installateur de panneaux solaires', 'installateurs de panneaux solaires', 'm') },
  // Finance
  { id: 'online-bank', en: c('online bank', 'online banks'), es: c('banco online', 'bancos online', 'm'), ca: c('banc en línia', 'bancs en línia', 'm'), fr: c('banque en ligne', 'banques en ligne', 'f') },
  { id: 'payroll', en: c('payroll service', 'payroll services'), es: c('servicio de nóminas', 'servicios de nóminas', 'm'), ca: c('servei de nòmines', 'serveis de nòmines', 'm'), fr: c('service de paie', 'services de paie', 'm') },
];
