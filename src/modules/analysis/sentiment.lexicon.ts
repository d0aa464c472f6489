// The hand-written sentiment lexicon for en, es, ca and fr (accent-folded, lowercase) and the
// function words the rules read. Weights: 1 an ordinary opinion word, 1.5 a strong one, 0.5 a
// faint one; negative words carry a minus. bench/sentiment-lexicons/sentiment-lexicons.ts measures this lexicon
// against the libraries' (docs/analysis.md, "Sentiment"): it stays because it measured best.

export type Lang = 'en' | 'es' | 'ca' | 'fr';
export const LANGS: Lang[] = ['en', 'es', 'ca', 'fr'];

/** `word:weight` or `word` (weight 1 in a positive list, -1 in a negative one). */
export const POSITIVE: Record<Lang, string> = {
  en: `best:1.5 better great excellent:1.5 outstanding:1.5 exceptional:1.5 superb:1.5 amazing:1.5 fantastic:1.5 love:1.5 loved:1.5
    recommended:1.5 recommend:1.5 recommends:1.5 reliable dependable easy easier easiest intuitive powerful affordable cheap cheaper
    cheapest inexpensive fast faster fastest quick trusted robust secure flexible helpful impressive impressive strong solid good
    ideal perfect seamless efficient innovative friendly praised praise praises standout superior accurate simple simpler stable
    clean polished generous responsive capable mature smooth leader leading top favorite favourite worth valuable value:0.5
    fine:0.7 decent:0.7 nice handy convenient modern elegant rich winner well:0.5 wins excels excel shines thrives
    pick choose consider:0.5 user-friendly refined consistent consistently dependably reliably painless effortless
    beautiful beautifully wonderful wonderfully delightful superb:1.5 brilliant:1.5 top-notch best-in-class first-class rock-solid snappy slick sleek thoughtful hassle-free improved precise scalable versatile comprehensive unbeatable:1.5 nails standout stands loves praised refreshingly:0.5 gorgeous lightning blazing economical:0.7 budget-friendly free:0.5 simplest popular:0.4 picks chooses`,
  es: `mejor:1.5 mejores:1.5 excelente:1.5 excelentes:1.5 extraordinario:1.5 recomendado:1.5 recomendada:1.5 recomendable:1.5
    recomendamos:1.5 recomiendo:1.5 fiable fiables confiable facil faciles intuitivo intuitiva potente potentes asequible
    asequibles barato barata baratos rapido rapida rapidos rapidas seguro segura flexible util utiles bueno buena buenos buenas
    bien ideal perfecto perfecta eficiente destacado destacada destaca solido solida estable moderno moderna generoso generosa
    sencillo sencilla comodo razonable encanta lider elegante impecable sorprende agil maduro elige escoge elegir
    maravilla estupendo estupenda genial fantastico fantastica increible precioso preciosa bonito bonita completo completa robusto robusta eficaz excepcional sobresaliente imbatible:1.5 fiabilidad rapidez economico:0.7 economica:0.7 gratuito:0.7 gratuita:0.7 gratuitos:0.7 gratuitas:0.7 gratis:0.7 popular:0.4 populares:0.4 visual:0.5 eligen escogen`,
  ca: `millor:1.5 millors:1.5 excel·lent:1.5 excel·lents:1.5 excellent:1.5 recomanat:1.5 recomanada:1.5 recomanable:1.5
    recomanem:1.5 recomano:1.5 fiable fiables facil facils intuitiu intuitiva potent potents assequible assequibles barat barata
    barats rapid rapida rapids rapides segur segura flexible util utils bo bona bons bones be ideal perfecte perfecta eficient
    destacat destacada destaca solid solida estable modern moderna generos generosa senzill senzilla comode raonable encanta
    lider elegant impecable sorpren agil madur tria escull triar
    meravella estupend estupenda genial fantastic fantastica increible precios preciosa bonic bonica complet completa robust robusta eficac excepcional imbatible:1.5 fiabilitat rapidesa economic:0.7 economica:0.7 gratuit:0.7 gratuita:0.7 gratuits:0.7 gratuites:0.7 popular:0.4 populars:0.4 visual:0.5 trien escullen`,
  fr: `meilleur:1.5 meilleure:1.5 meilleurs:1.5 meilleures:1.5 excellent:1.5 excellente:1.5 excellents:1.5 recommande:1.5
    recommandee:1.5 recommandons:1.5 fiable fiables facile faciles intuitif intuitive puissant puissante abordable abordables
    rapide rapides securise flexible utile utiles bon bonne bons bonnes bien ideal ideale parfait parfaite efficace
    remarquable apprecie pratique solide stable moderne genereux genereuse simple simples raisonnable impressionne
    impressionnant elegant impeccable performant performante choisissez choisir privilegiez
    merveille formidable genial geniale fantastique incroyable superbe beau belle complet complete robuste exceptionnel exceptionnelle imbattable:1.5 bluffant fiabilite rapidite economique:0.7 gratuit:0.7 gratuite:0.7 gratuits:0.7 gratuites:0.7 gratuitement:0.7 populaire:0.4 populaires:0.4 reactif reactive reactifs visuel:0.5 visuelle:0.5 choisissent`,
};

export const NEGATIVE: Record<Lang, string> = {
  en: `worst:1.5 worse bad poor expensive pricey overpriced costly slow slower slowest buggy bugs bug unreliable difficult
    complicated confusing outdated dated limited lacking lacks lack complaints complaint complain complains problems problem
    issues clunky frustrating disappointing weak hard harder risky insecure awful:1.5 terrible:1.5 horrible:1.5 mediocre steep
    fails failed failures fail lag laggy crash crashes crashed crashing outage outages downtime errors error glitches glitchy
    struggles struggle struggling cluttered bloated inconsistent unstable unresponsive clumsy cumbersome tedious painful
    frustrated unfortunately:0.7 downside:0.7 downsides:0.7 drawback:0.7 drawbacks:0.7 caveat:0.5 criticized criticised
    criticism loses lose lost losing annoying pricier unintuitive inferior lagging broken poorly:0.7 behind:0.5 overkill:0.5
    rigid sluggish unclear unhelpful slowdowns hefty
    unfinished deteriorated deteriorating declined worsened neglected missing shallow abusive upselling unprofessional flaky subpar lackluster underwhelming half-baked overcomplicated overwhelming unusable useless unanswered obsolete vulnerable breach scam discontinued irritating break breaks broke crash-prone laggy:1 hidden:0.7 aggressive:0.7 tricky:0.7`,
  es: `peor:1.5 peores:1.5 malo mala malos malas caro cara caros caras lento lenta lentos lentas complicado complicada dificil
    dificiles limitado limitada limitados limitadas problemas problema quejas queja quejan fallos fallo falla fallan deficiente
    costoso costosa inseguro decepcionante confuso confusa anticuado anticuada inestable errores error caidas caida lentitud
    critican critica criticas pesado pesada torpe lamentablemente:0.7 desventaja:0.7 desventajas:0.7 inconveniente:0.7
    inconvenientes:0.7 bloquea perder pierde mediocre carece escaso escasa pobre pobres pronunciada:0.7 elevado elevadas
    faltan falta abusivo abusiva abusivos abusivas ocultas ocultos pesimo pesima fatal horrible terrible engorroso inutil obsoleto obsoleta inacabado vulnerable tarda tardan`,
  ca: `pitjor:1.5 pitjors:1.5 dolent dolenta dolents dolentes car cara cars cares lent lenta lents lentes complicat complicada
    dificil dificils limitat limitada limitats limitades problemes problema queixes queixa queixen errors error falla fallen
    deficient costos costosa insegur decebedor confus confusa antiquat antiquada inestable caigudes caiguda lentitud critiquen
    critica critiques pesat pesada maldestre malauradament:0.7 desavantatge:0.7 desavantatges:0.7 inconvenient:0.7
    inconvenients:0.7 bloqueja perdre perd mediocre manca escas escassa pobre pobres pronunciada:0.7 elevat elevades greus greu
    falten falta abusiu abusiva abusius abusives amagades amagats pesim pesima fatal horrible terrible feixuc inutil obsolet obsoleta inacabat vulnerable triga triguen`,
  fr: `pire:1.5 pires:1.5 mauvais mauvaise mauvaises cher chere chers cheres lent lente lents lentes complique compliquee
    difficile difficiles limite limitee limites limitees problemes probleme plaintes plainte plaignent decevant couteux couteuse
    faible faibles confus confuse depasse depassee obsolete instable erreurs erreur pannes panne lenteur critiquent critique
    critiques lourd lourde malheureusement:0.7 inconvenient:0.7 inconvenients:0.7 defaut:0.7 defauts:0.7 plante plantent
    perte perdre perd mediocre manque bugs bug bogue bogues vieilli vieillie raide:0.7 elevees eleve elevee eleves deconseille:1.5
    manquent abusif abusifs abusive abusives caches cachees vieillot vieillotte vieillots pietre nul nulle horrible terrible inutile inacheve vulnerable`,
};

/** Negators flip the polarity of what follows, up to three words and never past a clause border. */
export const NEGATORS: Record<Lang, string> = {
  en: 'not no never without hardly nor neither cannot',
  es: 'no nunca jamas sin ni tampoco ningun ninguna nada poco poca',
  ca: 'no mai sense ni tampoc cap res poc poca',
  fr: 'ne n pas jamais sans aucun aucune ni rien peu',
};
/** Words that keep a running negation alive without flipping it again (`ne … pas`, `no … gens`). */
export const NEGATION_KEEPERS: Record<Lang, string[]> = {
  en: ['at all'], es: ['nada', 'en absoluto'], ca: ['gens', 'pas', 'en absolut'], fr: ['pas', 'du tout', 'plus', 'point'],
};
/** Advice against said of its subject ("X is not recommended"), not of an object. */
export const PREDICATIVE_ADVICE = new Set(['not recommended', 'a eviter', 'no es recomendable', 'no es recomanable', 'deconseille']);
export const INTENSIFIERS: Record<Lang, string> = {
  en: 'very really extremely highly super incredibly remarkably particularly especially too so much noticeably significantly far truly genuinely exceptionally',
  es: 'muy realmente demasiado mucho muchisimo sumamente especialmente bastante',
  ca: 'molt realment massa forca especialment summament bastant',
  fr: 'tres vraiment trop nettement beaucoup particulierement extremement bien',
};
export const DOWNTONERS: Record<Lang, string> = {
  en: 'slightly somewhat fairly occasionally sometimes partly', es: 'algo ligeramente ocasionalmente', ca: 'lleugerament ocasionalment', fr: 'legerement parfois',
};
/** Excess: "too simple", "trop simples" — a virtue in excess is a fault (they intensify a fault as before). */
export const EXCESS: Record<Lang, string> = {
  en: 'too overly', es: 'demasiado demasiada demasiados demasiadas', ca: 'massa', fr: 'trop',
};

/** Contrast: the clause after it weighs more (×1.5). */
export const CONTRAST: Record<Lang, string[]> = {
  en: ['but', 'however', 'yet', 'that said', 'mind you', 'on the downside', 'on the other hand', 'nevertheless', 'nonetheless'],
  es: ['pero', 'sin embargo', 'no obstante', 'en cambio', 'ahora bien', 'eso si'],
  ca: ['pero', 'tanmateix', 'no obstant aixo', 'en canvi', 'ara be', 'aixo si'],
  fr: ['mais', 'cependant', 'toutefois', 'pourtant', 'neanmoins', 'en revanche', 'cela dit', 'ceci dit'],
};
/** Concession: the clause it opens weighs less (×0.75). */
export const CONCESSIVE: Record<Lang, string[]> = {
  en: ['although', 'though', 'even though', 'despite'],
  es: ['aunque', 'a pesar de', 'pese a'],
  ca: ['tot i que', 'encara que', 'malgrat', 'si be'],
  fr: ['meme si', 'bien que', 'quoique', 'malgre'],
};
/** Clause borders that change the subject ("A is fast, whereas B is slow"). */
export const CLAUSE_BREAKS: Record<Lang, string[]> = {
  en: ['whereas', 'while', 'meanwhile'],
  es: ['mientras que', 'mientras'],
  ca: ['mentre que', 'mentre'],
  fr: ['alors que', 'tandis que'],
};

/** Comparative heads: their polarity goes to the subject and its opposite to the compared entity. */
export const MORE: Record<Lang, string> = { en: 'more', es: 'mas', ca: 'mes', fr: 'plus' };
export const LESS: Record<Lang, string> = { en: 'less', es: 'menos', ca: 'menys', fr: 'moins' };
export const THAN: Record<Lang, string> = { en: 'than', es: 'que', ca: 'que', fr: 'que' };
/** Built-in comparatives: polar on their own, they take a `than` object. */
export const COMPARATIVES: Record<Lang, string> = {
  en: 'better:1 worse:-1 cheaper:1 faster:1 slower:-1 easier:1 harder:-1 simpler:1 pricier:-1 stronger:1 weaker:-1 superior:1 inferior:-1 cleaner:1 clearer:1 smoother:1 richer:1 deeper:0.5 costlier:-1 clunkier:-1 buggier:-1',
  es: 'mejor:1 peor:-1 superior:1 inferior:-1',
  ca: 'millor:1 pitjor:-1 superior:1 inferior:-1',
  fr: 'meilleur:1 meilleure:1 pire:-1 superieur:1 inferieur:-1',
};
/** "compared with B", "unlike B": B is the other side of the clause's comparatives. */
export const COMPARED_WITH: Record<Lang, string[]> = {
  en: ['compared with', 'compared to', 'unlike', 'versus', 'vs', 'relative to', 'next to'],
  es: ['comparado con', 'en comparacion con', 'a diferencia de', 'frente a', 'respecto a'],
  ca: ['comparat amb', 'en comparacio amb', 'a diferencia de', 'davant de', 'respecte a'],
  fr: ['compare a', 'par rapport a', 'contrairement a', 'face a'],
};
/** Verbs of comparison: the subject takes the weight, the object the opposite. */
export const COMPARE_VERBS: Record<Lang, string> = {
  en: 'outperforms:1 outperform:1 beats:1 beat:1 surpasses:1 outshines:1 outclasses:1 trumps:1 lags:-1 trails:-1 trail:-1 lag:-1',
  es: 'supera:1 superan:1 aventaja:1',
  ca: 'supera:1 superen:1 avantatja:1',
  fr: 'surpasse:1 depasse:1 devance:1',
};
export const COMPARE_PHRASES: Record<Lang, string[]> = {
  en: ['falls behind:-1', 'fall behind:-1', 'is behind:-1', 'lags behind:-1', 'is ahead of:1', 'is no match for:-1', 'falls short of:-1'],
  es: ['queda por detras de:-1', 'va por detras de:-1', 'esta por detras de:-1', 'queda por delante de:1', 'esta por delante de:1'],
  ca: ['queda per darrere de:-1', 'va per darrere de:-1', 'esta per darrere de:-1', 'esta per davant de:1'],
  fr: ['est en retard sur:-1', 'reste derriere:-1', 'est derriere:-1', 'est en avance sur:1'],
};

/** Advice against: strongly negative for its object (the next entity, or the one it refers back to). */
export const ADVICE_AGAINST: Record<Lang, string[]> = {
  en: ['better to avoid', 'best to avoid', 'best avoided', 'better avoid', 'avoid', 'avoiding', 'steer clear of', 'stay away from', 'skip', 'not recommended', 'would not recommend', 'wouldn t recommend', 'do not recommend', 'cannot recommend', 'can not recommend', 'think twice about', 'pass on'],
  es: ['mejor evitar', 'mejor evita', 'evitar', 'evita', 'evitaria', 'evitad', 'eviten', 'no recomendamos', 'no recomendaria', 'no recomiendo', 'no es recomendable', 'desaconsejamos', 'desaconsejo', 'huir de', 'huye de', 'descartar'],
  ca: ['millor evitar', 'millor evita', 'evitar', 'evita', 'evitaria', 'eviteu', 'no recomanem', 'no recomanaria', 'no recomano', 'no es recomanable', 'desaconsellem', 'desaconsello', 'fugir de', 'fuig de', 'descartar'],
  fr: ['mieux vaut eviter', 'mieux vaut l eviter', 'eviter', 'evitez', 'a eviter', 'ne recommandons pas', 'ne recommande pas', 'ne recommanderais pas', 'deconseillons', 'deconseille', 'fuyez', 'fuir'],
};

/** Multi-word cues, scored as one. Price increases and complaint framing read as criticism. */
export const PHRASES: Record<Lang, string[]> = {
  en: ['steep learning curve:-1', 'learning curve:-0.7', 'price increases:-1', 'price increase:-1', 'price hikes:-1', 'price hike:-1',
    'keeps going up:-1', 'keep going up:-1', 'keep rising:-1', 'keeps rising:-1', 'has gone up:-1', 'have gone up:-1', 'gone up:-1',
    'complain about:-1', 'complained about:-1', 'struggles with:-1', 'struggles to:-1', 'can be slow:-1', 'without a hitch:1',
    'just works:1', 'value for money:1', 'great value:1.5', 'worth it:1', 'not worth:-1', 'few integrations:-1', 'within minutes:1', 'responds quickly:1', 'not the best fit:-1',
    'hard to justify:-1', 'best for:0.5', 'price goes up:-1', 'prices go up:-1', 'price rises:-1', 'prices rise:-1', 'gets pricey:-1', 'get pricey:-1', 'go with:1', 'opt for:1', 'falls short:-1', 'fall short:-1', 'no frills:0', 'goes down:-1', 'goes wrong:-1', 'hard to recommend:-1.5',
    'harder to recommend:-1.5', 'have slipped:-1', 'has slipped:-1', 'stops working:-1', 'stop working:-1', 'out of date:-1',
    'so so:-0.7', 'hard to beat:1.5', 'tough to beat:1.5', 'hidden fees:-1', 'hidden costs:-1', 'logs users out:-1', 'go unanswered:-1', 'stands out:1', 'stand out:1', 'not ready:-1', 'falls apart:-1', 'well documented:1', 'poorly documented:-1', 'high price:-1', 'high prices:-1', 'costs too much:-1', 'in a hitch:0', 'rely on:1', 'relies on:1', 'has everything:1', 'everything you need:1', 'at no cost:1', 'at no extra cost:1', 'nothing to do with:0', 'free trial:0', 'free trials:0', 'is basic:-0.7', 'are basic:-0.7', 'is very basic:-1', 'are very basic:-1', 'no need to:0.5'],
  es: ['curva de aprendizaje pronunciada:-1', 'curva de aprendizaje:-0.7', 'subidas de precio:-1', 'subida de precio:-1', 'subidas de precios:-1',
    'se quejan:-1', 'se queja:-1', 'no paran de subir:-1', 'cuesta demasiado:-1', 'cuestan demasiado:-1', 'pocas integraciones:-1', 'en minutos:1', 'en pocos minutos:1',
    'funciona bien:1', 'funciona muy bien:1.5', 'relacion calidad precio:1', 'sin problemas:1', 'deja de funcionar:-1', 'tiene problemas:-1',
    'da problemas:-1', 'se cuelga:-1', 'precios altos:-1', 'precio alto:-1', 'comisiones altas:-1', 'vale la pena:1', 'dificil de superar:1.5', 'deja mucho que desear:-1.5', 'deja que desear:-1', 'de maravilla:1.5', 'comisiones ocultas:-1', 'se queda corto:-1', 'tarda mucho:-1', 'opta por:1', 'quedate con:1', 'no vale la pena:-1', 'sin coste:1', 'sin costo:1', 'sin costes:1', 'tiene todo:1', 'nada que ver:0', 'prueba gratuita:0', 'es basico:-0.7', 'es basica:-0.7', 'son basicos:-0.7', 'son basicas:-0.7'],
  ca: ['corba d aprenentatge pronunciada:-1', 'corba d aprenentatge:-0.7', 'pujades de preu:-1', 'pujada de preu:-1', 'pujades de preus:-1',
    'es queixen:-1', 'es queixa:-1', 'no paren de pujar:-1', 'costa massa:-1', 'costen massa:-1', 'poques integracions:-1', 'en minuts:1', 'en pocs minuts:1',
    'funciona be:1', 'funciona molt be:1.5', 'relacio qualitat preu:1', 'sense problemes:1', 'deixa de funcionar:-1', 'te problemes:-1',
    'dona problemes:-1', 'es penja:-1', 'preus alts:-1', 'preu alt:-1', 'comissions altes:-1', 'val la pena:1', 'dificil de superar:1.5', 'deixa molt a desitjar:-1.5', 'deixa a desitjar:-1', 'de meravella:1.5', 'comissions amagades:-1', 'es queda curt:-1', 'triga molt:-1', 'opta per:1', 'no val la pena:-1', 'sense cost:1', 'sense costos:1', 'te de tot:1', 'res a veure:0', 'prova gratuita:0', 'es basic:-0.7', 'es basica:-0.7', 'son basics:-0.7', 'son basiques:-0.7', 'no cal:0.5'],
  fr: ['courbe d apprentissage raide:-1', 'courbe d apprentissage:-0.7', 'hausses de prix:-1', 'hausse de prix:-1', 'hausses de tarifs:-1',
    'se plaignent:-1', 'se plaint:-1', 'ne cessent d augmenter:-1', 'ne cesse d augmenter:-1', 'coute trop cher:-1', 'coute trop:-1',
    'peu d integrations:-1', 'en quelques minutes:1', 'fonctionne bien:1', 'fonctionne tres bien:1.5', 'rapport qualite prix:1', 'sans probleme:1',
    'ne fonctionne plus:-1', 'pose probleme:-1', 'prix eleves:-1', 'commissions elevees:-1', 'vaut le coup:1', 'difficile a battre:1.5', 'laisse a desirer:-1.5', 'a merveille:1.5', 'frais caches:-1', 'met longtemps:-1', 'optez pour:1', 'bon marche:1',
    'prendre en main:0.5', 'plein de bugs:-1.5', 'sans frais:1', 'rien a voir:0', 'essai gratuit:0', 'est basique:-0.7', 'sont basiques:-0.7', 'pas besoin de:0.5'],
};

/** In a sentence naming no entity, these refer back to the last subject (en/fr need one). */
export const ANAPHORS: Record<Lang, string> = {
  en: 'it its itself they their them tool platform app product service company software solution vendor pricing price prices interface support documentation setup onboarding reporting integrations performance pros cons downside downsides drawbacks',
  es: 'su sus lo ella herramienta plataforma aplicacion app producto servicio empresa precio precios interfaz soporte documentacion configuracion informes integraciones rendimiento ventajas inconvenientes desventajas',
  ca: 'seu seva seus seves ell ella eina plataforma aplicacio producte servei empresa preu preus interficie suport documentacio configuracio informes integracions rendiment avantatges inconvenients desavantatges',
  fr: 'il elle ils elles son sa ses leur leurs outil plateforme application logiciel produit service entreprise prix tarifs interface support documentation configuration rapports integrations performances avantages inconvenients',
};

/** Spanish and Catalan drop the subject: a finite verb with no entity named continues the last one. */
export const FINITE_VERBS: Partial<Record<Lang, string>> = {
  es: `es son esta estan ofrece ofrecen tiene tienen cuesta cuestan permite permiten funciona funcionan resulta resultan incluye
    incluyen falla fallan destaca destacan se ha han fue era sigue queda cobra carece presenta integra sufre parece puede pueden
    deberia va sorprende necesita requiere cuenta da hace recibe recibio lanzo`,
  ca: `es son esta estan ofereix ofereixen te tenen costa costen permet permeten funciona funcionen resulta resulten inclou
    inclouen falla fallen destaca destaquen ha han va van era segueix queda cobra presenta integra pateix sembla pot poden
    hauria sorpren necessita requereix compta dona fa rep`,
};

/** Words that join entities into one group ("A and B are both solid"). */
export const JOINERS = new Set(['and', 'or', 'y', 'e', 'o', 'i', 'et', 'ou', 'both', 'as', 'well', 'u']);

/** Verbs whose object, not subject, the opinion is about ("praise A", "users love A"). */
export const OBJECT_VERBS: Record<Lang, string> = {
  en: 'praise praises praised recommend recommends recommended love loves loved complain complains complained criticize criticizes criticise criticises prefer prefers trust trusts',
  es: 'recomendamos recomiendo recomiendan critican critica elogian prefieren prefiero',
  ca: 'recomanem recomano recomanen critiquen critica elogien prefereixen prefereixo',
  fr: 'recommandons recommande recommandent critiquent critique saluent preferent prefere',
};
/** "doesn't have / doesn't support": a missing feature reads as mild criticism. */
export const FEATURE_VERBS: Record<Lang, string> = {
  en: 'have has support supports offer offers include includes provide provides integrate integrates',
  es: 'tiene tienen ofrece ofrecen incluye incluyen admite soporta integra',
  ca: 'te tenen ofereix ofereixen inclou inclouen admet suporta integra',
  fr: 'a ont propose proposent offre offrent inclut prend supporte integre',
};

/** "lets you X, but…": a capability set against a fault is offered as a strength (see contrastStrength). */
export const CAPABILITY_VERBS: Record<Lang, string> = {
  en: 'lets allows enables', es: 'permite permiten', ca: 'permet permeten', fr: 'permet permettent',
};

/** Stopwords that tell the languages apart, for choosing the lexicon of an answer. */
export const LANGUAGE_MARKERS: Record<Lang, string> = {
  en: 'the and is are of to with for it its this that which you your has have than but',
  es: 'el los las del es y con para por una muy su sus lo pero tiene mas esta como son se',
  ca: 'els les del i amb per una molt seu seva aquest pero te mes aquesta com son hi dels pel tambe es',
  fr: 'le les des est et avec pour une tres son sa ses du au il elle mais plus sont ce qui aux se vous nous votre vos pas ne',
};

/** Conditions ("if you need X"): the words inside state a need, not an opinion. */
export const CONDITIONALS: Record<Lang, string> = { en: 'if unless', es: 'si', ca: 'si', fr: 'si sauf' };

/** Opinion words of other languages are used too (answers mix, and short ones are misread), except these. */
export const FALSE_FRIENDS = new Set(['car', 'cara', 'mai', 'sur', 'pas', 'bo', 'be', 'fine', 'lent', 'mas', 'bien', 'top', 'cap', 'limite', 'critica', 'error', 'sin', 'res', 'n', 'ne', 'peu', 'poc', 'poca', 'poco', 'plus', 'mes', 'a', 'e', 'o', 'i', 'que']);
/** Choosing verbs: praise for the entity chosen, and for nothing when none follows ("choose Data"). */
export const SELECTION_VERBS: Record<Lang, string> = {
  en: 'pick picks choose chooses consider', es: 'elige escoge elegir eligen escogen', ca: 'tria escull triar trien escullen', fr: 'choisissez choisir privilegiez choisissent',
};

/** A line that is only one of these frames the list items under it as pros (+) or cons (−). */
export const FRAMES: Record<Lang, string[]> = {
  en: ['pros:1', 'advantages:1', 'strengths:1', 'what we like:1', 'cons:-1', 'downsides:-1', 'drawbacks:-1', 'weaknesses:-1', 'limitations:-1', 'what could be better:-1'],
  es: ['ventajas:1', 'pros:1', 'puntos fuertes:1', 'desventajas:-1', 'inconvenientes:-1', 'contras:-1', 'puntos debiles:-1', 'limitaciones:-1'],
  ca: ['avantatges:1', 'pros:1', 'punts forts:1', 'desavantatges:-1', 'inconvenients:-1', 'contres:-1', 'punts febles:-1', 'limitacions:-1'],
  fr: ['avantages:1', 'points forts:1', 'inconvenients:-1', 'points faibles:-1', 'limites:-1', 'defauts:-1'],
};
