/** The demo posts: ten in each language, across the five sections, with Markdown bodies. */
import type { Language, Provenance } from '@atelier/shared';

export interface DemoPost {
  author: string;
  section: 'fakes' | 'writing' | 'ai-art' | 'general' | 'feedback';
  language: Language;
  title: string;
  body: string;
  provenance: Provenance;
  tools?: string;
  tags: string[];
  /** How many generated images it carries. */
  images?: number;
}

export const demoPosts: readonly DemoPost[] = [
  // ---- English ----
  {
    author: 'alex.rivers',
    section: 'writing',
    language: 'en',
    title: "The lighthouse keeper's last log",
    provenance: 'human',
    tools: 'A notebook, then a text editor',
    tags: ['short-story', 'writing'],
    body: `**Day 1.** The supply boat did not come. I counted the tins twice and wrote the number on the wall, the way my father did.

**Day 4.** Fog so thick the lamp seems to shine *into* the tower rather than out of it. I read the old logs aloud to keep the silence company.

**Day 9.** A light answered mine tonight. Three long, one short. Nobody has lived on the north rock for forty years.

> The sea keeps every promise, only never the one you meant.

**Day 10.** I have decided to answer back.`,
  },
  {
    author: 'alex.rivers',
    section: 'writing',
    language: 'en',
    title: 'Five sentences about rain',
    provenance: 'human',
    tags: ['poetry', 'flash-fiction'],
    body: `1. Rain is the city rehearsing a quieter version of itself.
2. Umbrellas bloom at the crossing like a decision nobody made.
3. The bus windows hold a thousand small weather reports.
4. My shoes learn the map of every puddle on the way home.
5. At night the gutters tell the whole story again, faster.

*Written on a 20-minute commute; edits welcome.*`,
  },
  {
    author: 'sam.okafor',
    section: 'fakes',
    language: 'en',
    title: 'BREAKING: Local cat elected mayor, promises mandatory naps',
    provenance: 'fake',
    tools: 'Newspaper template, a photo of my cat, image editor',
    tags: ['parody-news', 'satire'],
    images: 1,
    body: `**MAPLE HOLLOW —** In a landslide victory on Tuesday, Mr. Whiskers (4, tabby) became the town's first feline mayor.

His platform, delivered entirely through slow blinking, included:

- a mandatory 2 p.m. nap for all municipal employees,
- sunbeams declared a public utility,
- the immediate abolition of the vacuum cleaner.

His opponent conceded gracefully before being knocked off the podium.

---
*This is parody. No cats were elected in the making of this post.*`,
  },
  {
    author: 'sam.okafor',
    section: 'fakes',
    language: 'en',
    title: "Museum unveils Mona Lisa's grocery list",
    provenance: 'composite',
    tools: 'Scanned paper texture, handwriting font, layered collage',
    tags: ['forgery', 'photo-edit'],
    body: `Curators say the list was found behind the frame during "routine dusting".

| Item | Quantity |
| --- | --- |
| Olives | *molte* |
| Bread | 2 |
| Something to smile about | 1 |

The handwriting is mine, the paper texture is a scan of a coffee-stained envelope, and the museum is entirely imaginary.`,
  },
  {
    author: 'demo-mod',
    section: 'general',
    language: 'en',
    title: 'Welcome to Atelier — start here',
    provenance: 'human',
    tags: ['introduction'],
    body: `Hello and welcome! This is a **demo community**: everything you see was generated so the site does not feel empty.

## How it works

- **Fakes**, **Writing** and **AI Art** are for members holding that creator role.
- **General** and **Feedback** are open to every member.
- Every post says how it was made: by hand, AI-assisted, AI-generated, a composite or a fake.

Say hello in the comments and tell us what you make!`,
  },
  {
    author: 'demo-mod',
    section: 'feedback',
    language: 'en',
    title: "Tell us what you'd change",
    provenance: 'human',
    tags: ['site-feedback'],
    body: `We read every message in this section. Useful reports include:

1. what you were trying to do,
2. what happened instead,
3. your browser and screen size.

Feature ideas are welcome too — the weirder the better.`,
  },
  {
    author: 'demo-mod',
    section: 'ai-art',
    language: 'en',
    title: 'Gradient study #1',
    provenance: 'aiGenerated',
    tools: 'Procedural generator, colour palette picked by hand',
    tags: ['abstract', 'diffusion'],
    images: 2,
    body: `Two variations on the same palette: warm magenta drifting into a cold teal.

I like how the circles read as *planets* in the first one and as *bubbles* in the second. Which one works better for you?`,
  },
  {
    author: 'alex.rivers',
    section: 'general',
    language: 'en',
    title: 'What are you reading this month?',
    provenance: 'human',
    tags: ['writing'],
    body: `I'm halfway through a collection of sea stories and rereading an old favourite about a library that never closes.

Share yours below — **one line each**, no spoilers!`,
  },
  {
    author: 'sam.okafor',
    section: 'feedback',
    language: 'en',
    title: 'Dark mode: tag chips could use more contrast',
    provenance: 'human',
    tags: ['site-feedback'],
    body: `On a dim phone screen the tag chips under posts are a little hard to read in the dark theme.

Maybe a slightly lighter background? Otherwise the dark theme is lovely.`,
  },
  {
    author: 'alex.rivers',
    section: 'general',
    language: 'en',
    title: 'Workshop: writing with constraints',
    provenance: 'human',
    tags: ['challenge', 'writing'],
    body: `This week's constraint: **a story with no letter "e"** in under 100 words.

It sounds impossible until you start. Post your attempt in the Writing section and link it here.`,
  },

  // ---- Korean ----
  {
    author: 'mina.park',
    section: 'writing',
    language: 'ko',
    title: '비 오는 날의 편지',
    provenance: 'human',
    tags: ['short-story', 'writing'],
    body: `오래된 우체통 앞에서 나는 한참을 서 있었다. 봉투는 비에 젖어 글씨가 조금 번져 있었다.

*보내지 못한 편지는 어디로 가는 걸까.*

편의점 불빛 아래에서 다시 읽어 보니, 번진 글씨가 오히려 더 솔직해 보였다. 나는 우표를 한 장 더 붙였다.`,
  },
  {
    author: 'mina.park',
    section: 'writing',
    language: 'ko',
    title: '짧은 시: 겨울 지하철',
    provenance: 'human',
    tags: ['poetry'],
    body: `창문에 입김으로 쓴 이름이
다음 역에서 지워진다

졸던 사람들 사이로
겨울이 조용히 내린다

**2호선, 밤 11시**`,
  },
  {
    author: 'jiho.kim',
    section: 'ai-art',
    language: 'ko',
    title: '네온 정원',
    provenance: 'aiGenerated',
    tools: '확산 모델, 색 보정',
    tags: ['diffusion', 'prompt-craft', 'abstract'],
    images: 1,
    body: `밤의 정원을 네온으로 표현해 보았습니다.

- 프롬프트: *neon garden at night, soft gradients, floating spheres*
- 단계: 30
- 후보정: 채도 조금 올림

다음에는 같은 프롬프트로 낮 버전도 만들어 볼게요.`,
  },
  {
    author: 'jiho.kim',
    section: 'ai-art',
    language: 'ko',
    title: '바다 위의 도시',
    provenance: 'aiAssisted',
    tools: '스케치는 손으로, 채색은 AI 보조',
    tags: ['landscape', 'digital-painting'],
    images: 1,
    body: `직접 그린 스케치를 바탕으로 AI에게 채색을 맡겼습니다. 수평선의 색은 제가 직접 다시 칠했어요.

어떤 부분이 AI 같고 어떤 부분이 손으로 그린 것 같은지 맞혀 보세요!`,
  },
  {
    author: 'yuna.lee',
    section: 'fakes',
    language: 'ko',
    title: '[속보] 서울 비둘기 협회, 지하철 정기권 발급 요구',
    provenance: 'fake',
    tools: '뉴스 기사 형식 패러디',
    tags: ['parody-news', 'satire'],
    body: `**서울 —** 서울 비둘기 협회는 오늘 기자회견을 열고 "우리도 매일 출퇴근한다"며 정기권 발급을 요구했다.

협회 대변인 구구 씨는 "2호선은 사실상 우리의 집"이라고 주장했다.

*이 기사는 패러디입니다. 비둘기 협회는 존재하지 않습니다(아마도).*`,
  },
  {
    author: 'yuna.lee',
    section: 'general',
    language: 'ko',
    title: '안녕하세요, 새로 왔어요',
    provenance: 'human',
    tags: ['introduction'],
    body: `안녕하세요! 패러디 뉴스를 쓰는 **유나**입니다.

진지한 척하는 가짜 기사를 좋아해요. 앞으로 잘 부탁드립니다 🙂`,
  },
  {
    author: 'mina.park',
    section: 'general',
    language: 'ko',
    title: '요즘 쓰는 글쓰기 도구 이야기',
    provenance: 'human',
    tags: ['tools', 'writing'],
    body: `초고는 종이에, 퇴고는 텍스트 편집기에서 합니다.

1. 종이: 손이 느려서 생각이 따라올 시간이 생겨요.
2. 편집기: 문장을 옮기고 자르기 편해요.

여러분은 어떤 도구를 쓰시나요?`,
  },
  {
    author: 'jiho.kim',
    section: 'feedback',
    language: 'ko',
    title: '태그 검색이 정말 편해요',
    provenance: 'human',
    tags: ['site-feedback'],
    body: `한국어로 "풍경"을 검색해도 영어 태그가 같이 나와서 좋네요.

상위 태그로 검색하면 하위 태그도 나오는 것도 편리합니다. 👍`,
  },
  {
    author: 'yuna.lee',
    section: 'feedback',
    language: 'ko',
    title: '모바일에서 이미지 확대 기능 제안',
    provenance: 'human',
    tags: ['site-feedback'],
    body: `휴대폰에서 이미지를 볼 때 두 손가락으로 확대할 수 있으면 좋겠어요.

특히 AI 아트 게시판에서 세부 묘사를 보고 싶을 때가 많아요.`,
  },
  {
    author: 'mina.park',
    section: 'writing',
    language: 'ko',
    title: '초고 공유: 고양이와 편의점',
    provenance: 'human',
    tags: ['draft', 'short-story'],
    body: `새벽 세 시의 편의점에는 늘 같은 고양이가 온다. 알바생 준호는 그 고양이를 "사장님"이라고 부른다.

> 아직 초고라서 결말이 없어요. 어떻게 끝나면 좋을지 의견 주세요!`,
  },

  // ---- French ----
  {
    author: 'camille.durand',
    section: 'ai-art',
    language: 'fr',
    title: 'Aurore synthétique',
    provenance: 'aiGenerated',
    tools: 'Modèle de diffusion, retouche des couleurs à la main',
    tags: ['diffusion', 'abstract', 'landscape'],
    images: 2,
    body: `Deux essais autour d'une aurore qui n'existe nulle part.

J'ai gardé des formes très simples — des cercles, des bandes de lumière — pour que la **couleur** fasse tout le travail.`,
  },
  {
    author: 'camille.durand',
    section: 'ai-art',
    language: 'fr',
    title: 'Série « Verre et lumière »',
    provenance: 'composite',
    tools: 'Photos de verres, génération d’arrière-plans, montage',
    tags: ['digital-painting', 'upscaling'],
    images: 1,
    body: `Un montage : mes propres photos de verres à pied, posées sur des fonds générés.

- photos : appareil reflex, lumière naturelle ;
- fonds : modèle génératif ;
- assemblage et agrandissement : à la main.`,
  },
  {
    author: 'luc.moreau',
    section: 'writing',
    language: 'fr',
    title: 'La dernière page du carnet',
    provenance: 'human',
    tags: ['short-story'],
    body: `Le carnet avait appartenu à ma grand-mère. Toutes les pages étaient remplies, sauf la dernière.

Sur celle-ci, une seule phrase, d'une écriture qui n'était pas la sienne :

> *Continue là où je me suis arrêtée.*

Je n'ai jamais su qui l'avait écrite. J'ai commencé un nouveau carnet le soir même.`,
  },
  {
    author: 'luc.moreau',
    section: 'writing',
    language: 'fr',
    title: 'Haïkus du métro',
    provenance: 'human',
    tags: ['haiku', 'poetry'],
    body: `Ligne 4, le soir —
une valise rouge dort
entre deux inconnus

Station fermée —
les affiches parlent seules
à personne`,
  },
  {
    author: 'elodie.bernard',
    section: 'general',
    language: 'fr',
    title: 'Bonjour à toutes et à tous',
    provenance: 'human',
    tags: ['introduction'],
    body: `Je m'appelle Élodie, je lis beaucoup et j'écris un peu.

Je suis surtout là pour **découvrir vos textes** et participer aux défis. Au plaisir de vous lire !`,
  },
  {
    author: 'elodie.bernard',
    section: 'feedback',
    language: 'fr',
    title: 'Suggestion : partager un brouillon avec une seule personne',
    provenance: 'human',
    tags: ['site-feedback'],
    body: `Ce serait pratique de pouvoir montrer un brouillon à une seule personne avant de le publier.

Qu'en pensez-vous ?`,
  },
  {
    author: 'camille.durand',
    section: 'general',
    language: 'fr',
    title: 'Mon flux de travail avec les modèles génératifs',
    provenance: 'human',
    tags: ['tools', 'ai'],
    body: `## En bref

1. Croquis rapide sur papier.
2. Plusieurs générations à partir d'une description courte.
3. Sélection, puis **retouche à la main** (souvent 80 % du temps).

L'outil propose, je dispose. Et vous, combien de temps passez-vous à retoucher ?`,
  },
  {
    author: 'luc.moreau',
    section: 'general',
    language: 'fr',
    title: "Atelier d'écriture du jeudi",
    provenance: 'human',
    tags: ['challenge', 'writing'],
    body: `Chaque jeudi, un thème et **vingt minutes** d'écriture.

Thème de cette semaine : *une porte qui n'ouvre que dans un sens*. Publiez vos textes dans la section Écriture !`,
  },
  {
    author: 'camille.durand',
    section: 'feedback',
    language: 'fr',
    title: 'Les vignettes des images sont très nettes',
    provenance: 'human',
    tags: ['site-feedback'],
    body: `Petit retour positif : les vignettes se chargent vite et restent nettes, même sur un écran haute densité. Merci !`,
  },
  {
    author: 'elodie.bernard',
    section: 'general',
    language: 'fr',
    title: 'Quels outils pour débuter en écriture ?',
    provenance: 'human',
    tags: ['tools', 'writing'],
    body: `Je cherche un outil simple pour écrire sans distraction. Un carnet ? Un éditeur en plein écran ?

Vos conseils sont les bienvenus.`,
  },

  // ---- Spanish ----
  {
    author: 'sofia.ruiz',
    section: 'fakes',
    language: 'es',
    title: 'Descubren que los lunes fueron inventados por una cafetera',
    provenance: 'fake',
    tools: 'Plantilla de periódico, tipografía antigua',
    tags: ['parody-news', 'satire'],
    body: `**MADRID —** Un equipo de historiadores imaginarios ha confirmado hoy que el lunes fue creado en 1843 por una cafetera industrial para "aumentar la demanda".

Según el informe:

- el martes fue un error de cálculo,
- el domingo se añadió tras una huelga,
- el viernes nadie lo discute.

*Parodia. Ninguna cafetera fue consultada.*`,
  },
  {
    author: 'sofia.ruiz',
    section: 'fakes',
    language: 'es',
    title: 'Manual de instrucciones de una máquina del tiempo (edición 1987)',
    provenance: 'composite',
    tools: 'Escaneos de manuales antiguos, collage, texto propio',
    tags: ['forgery', 'photo-edit'],
    images: 1,
    body: `Página 3 del manual, con las advertencias de seguridad:

1. No viaje al pasado con el depósito vacío.
2. No salude a su yo anterior.
3. Si ve dinosaurios, **no** los alimente.

El collage mezcla escaneos de manuales de electrodomésticos con texto mío. Todo es inventado.`,
  },
  {
    author: 'lucia.mendez',
    section: 'writing',
    language: 'es',
    title: 'La casa de las persianas azules',
    provenance: 'human',
    tags: ['short-story', 'draft'],
    body: `En el pueblo todos sabían que la casa de las persianas azules estaba vacía. Por eso nadie entendía quién bajaba las persianas cada tarde, a las siete en punto.

Un día decidí esperar frente a la puerta.

> *Continuará… si me ayudáis con el final.*`,
  },
  {
    author: 'lucia.mendez',
    section: 'ai-art',
    language: 'es',
    title: 'Desierto de cristal',
    provenance: 'aiGenerated',
    tools: 'Modelo de difusión, 40 pasos',
    tags: ['landscape', 'diffusion', 'prompt-craft'],
    images: 1,
    body: `Un desierto donde la arena es vidrio y el sol se refleja en todas partes.

**Prompt:** *glass desert, gradient sky, floating orbs, minimal*`,
  },
  {
    author: 'lucia.mendez',
    section: 'ai-art',
    language: 'es',
    title: 'Retratos imposibles',
    provenance: 'aiAssisted',
    tools: 'Bocetos propios, IA para texturas',
    tags: ['portrait', 'illustration'],
    images: 1,
    body: `Retratos de personas que no existen, construidos solo con formas geométricas.

Los bocetos son míos; la IA solo añadió las texturas.`,
  },
  {
    author: 'mateo.garcia',
    section: 'general',
    language: 'es',
    title: '¡Hola desde Valencia!',
    provenance: 'human',
    tags: ['introduction'],
    body: `¡Hola a todos! Soy Mateo. No soy artista, pero me encanta leer y comentar.

Si publicáis algo, **prometo pasarme a leerlo**.`,
  },
  {
    author: 'mateo.garcia',
    section: 'feedback',
    language: 'es',
    title: 'Notificaciones por correo',
    provenance: 'human',
    tags: ['site-feedback'],
    body: `¿Sería posible recibir un resumen semanal por correo con las respuestas a mis comentarios?

Así no me pierdo ninguna conversación.`,
  },
  {
    author: 'sofia.ruiz',
    section: 'general',
    language: 'es',
    title: 'Cómo hago mis falsificaciones (sin engañar a nadie)',
    provenance: 'human',
    tags: ['tools', 'fakes'],
    body: `Mis tres reglas:

1. **Siempre** lo digo: es una parodia.
2. Nada de personas reales en situaciones comprometidas.
3. El humor va primero; el realismo, después.

Y sí, el etiquetado de procedencia de esta web me encanta.`,
  },
  {
    author: 'mateo.garcia',
    section: 'general',
    language: 'es',
    title: 'Reto semanal: una historia en 50 palabras',
    provenance: 'human',
    tags: ['challenge', 'flash-fiction'],
    body: `Tema de esta semana: **el último tren**.

Exactamente cincuenta palabras, ni una más. ¡Dejad vuestros microrrelatos en los comentarios!`,
  },
  {
    author: 'sofia.ruiz',
    section: 'feedback',
    language: 'es',
    title: 'Etiquetas en varios idiomas: ¡genial!',
    provenance: 'human',
    tags: ['site-feedback'],
    body: `Busqué "sátira" y me aparecieron las publicaciones etiquetadas en coreano y en francés. ¡Muy bien pensado!`,
  },
];
