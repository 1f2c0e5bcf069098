/** Demo members and tags: who they are, their roles, bios in their language; tag labels in four languages. */
import type { Language, RoleId, TagLabels, TagType } from '@atelier/shared';

/** Demo addresses end with this domain (verified, never mailed). */
export const DEMO_EMAIL_DOMAIN = 'demo.atelier.local';

export interface DemoUser {
  key: string;
  username: string;
  roles: RoleId[];
  language: Language;
  bio: string;
  links?: string[];
}

export const demoEmail = (u: Pick<DemoUser, 'key'>): string => `${u.key}@${DEMO_EMAIL_DOMAIN}`;

export const demoUsers: readonly DemoUser[] = [
  {
    key: 'demo-mod',
    username: 'demo-mod',
    roles: ['moderator'],
    language: 'en',
    bio: 'Moderator of the demo site. I keep the sections tidy, answer questions in Feedback and post the odd gradient study.',
  },
  {
    key: 'alex.rivers',
    username: 'alex_rivers',
    roles: ['advanced-writer'],
    language: 'en',
    bio: 'Short fiction, long walks. I write about lighthouses, trains and people who talk to machines.',
    links: ['https://example.com/alex-rivers'],
  },
  {
    key: 'sam.okafor',
    username: 'sam.okafor',
    roles: ['probation-faker'],
    language: 'en',
    bio: 'Parody news and fake museum labels. Nothing I post is true, and I always say so.',
  },
  {
    key: 'mina.park',
    username: 'mina.park',
    roles: ['advanced-writer'],
    language: 'ko',
    bio: '서울에서 짧은 소설과 시를 씁니다. 비 오는 날과 편의점 불빛을 좋아해요.',
    links: ['https://example.com/mina'],
  },
  {
    key: 'jiho.kim',
    username: 'jiho_kim',
    roles: ['probation-ai-artist'],
    language: 'ko',
    bio: '생성형 AI로 네온과 바다를 그리는 중입니다. 프롬프트는 항상 함께 공유해요.',
  },
  {
    key: 'yuna.lee',
    username: 'yuna_lee',
    roles: ['probation-faker', 'member'],
    language: 'ko',
    bio: '패러디 뉴스를 쓰는 회사원입니다. 진지한 척하는 가짜 기사가 제 취미예요.',
  },
  {
    key: 'camille.durand',
    username: 'Camille D',
    roles: ['advanced-ai-artist'],
    language: 'fr',
    bio: 'Illustratrice à Lyon. J’explore la lumière et le verre avec des modèles génératifs, puis je retouche tout à la main.',
    links: ['https://example.com/camille'],
  },
  {
    key: 'luc.moreau',
    username: 'luc.moreau',
    roles: ['probation-writer'],
    language: 'fr',
    bio: 'Professeur de lettres le jour, auteur de haïkus dans le métro le soir.',
  },
  {
    key: 'elodie.bernard',
    username: 'elodie_b',
    roles: ['member'],
    language: 'fr',
    bio: 'Lectrice curieuse, je commente beaucoup et je poste un peu. Toujours partante pour un défi d’écriture.',
  },
  {
    key: 'sofia.ruiz',
    username: 'sofia_ruiz',
    roles: ['advanced-faker'],
    language: 'es',
    bio: 'Falsificadora profesional de documentos que nunca existieron. Sátira, collage y mucho café.',
    links: ['https://example.com/sofia'],
  },
  {
    key: 'mateo.garcia',
    username: 'mateo.garcia',
    roles: ['member'],
    language: 'es',
    bio: 'Desde Valencia. Me gusta leer, comentar y proponer retos de escritura de 50 palabras.',
  },
  {
    key: 'lucia.mendez',
    username: 'lucia.mendez',
    roles: ['advanced-ai-artist', 'probation-writer'],
    language: 'es',
    bio: 'Arte con IA y cuentos cortos. Desiertos, cristal y casas con persianas azules.',
  },
];

export interface DemoTag {
  key: string;
  labels: TagLabels;
  type: TagType;
  parents: string[];
}

/** Each tag's key, type and parents (their keys, space-separated), in the order of creation. */
const tagTree: readonly (readonly [string, TagType, string])[] = [
  ['art', 'general', ''],
  ['digital-painting', 'aiArtist', 'art'],
  ['illustration', 'general', 'art'],
  ['abstract', 'general', 'art'],
  ['landscape', 'general', 'art'],
  ['portrait', 'general', 'art'],
  ['ai', 'aiArtist', ''],
  ['diffusion', 'aiArtist', 'ai'],
  ['prompt-craft', 'aiArtist', 'ai'],
  ['upscaling', 'aiArtist', 'ai'],
  ['writing', 'writer', ''],
  ['poetry', 'writer', 'writing'],
  ['short-story', 'writer', 'writing'],
  ['essay', 'writer', 'writing'],
  ['flash-fiction', 'writer', 'writing short-story'],
  ['draft', 'writer', 'writing'],
  ['haiku', 'writer', 'poetry'],
  ['fakes', 'faker', ''],
  ['parody-news', 'faker', 'fakes'],
  ['forgery', 'faker', 'fakes'],
  ['photo-edit', 'faker', 'fakes art'],
  ['satire', 'faker', 'fakes'],
  ['introduction', 'general', ''],
  ['site-feedback', 'general', ''],
  ['tools', 'general', ''],
  ['challenge', 'general', ''],
];

/** Each tag's labels in English, Korean, French and Spanish, separated by `|`. */
const tagLabels: Readonly<Record<string, string>> = {
  art: 'Art|미술|Art|Arte',
  'digital-painting': 'Digital painting|디지털 페인팅|Peinture numérique|Pintura digital',
  illustration: 'Illustration|일러스트|Illustration|Ilustración',
  abstract: 'Abstract|추상|Abstrait|Abstracto',
  landscape: 'Landscape|풍경|Paysage|Paisaje',
  portrait: 'Portrait|인물|Portrait|Retrato',
  ai: 'AI|인공지능|IA|IA',
  diffusion: 'Diffusion models|확산 모델|Modèles de diffusion|Modelos de difusión',
  'prompt-craft': 'Prompt craft|프롬프트 작성|Art du prompt|Escritura de prompts',
  upscaling: 'Upscaling|업스케일링|Agrandissement|Escalado',
  writing: 'Writing|글쓰기|Écriture|Escritura',
  poetry: 'Poetry|시|Poésie|Poesía',
  'short-story': 'Short story|단편 소설|Nouvelle|Relato corto',
  essay: 'Essay|에세이|Essai|Ensayo',
  'flash-fiction': 'Flash fiction|초단편|Micro-nouvelle|Microrrelato',
  draft: 'Draft|초고|Brouillon|Borrador',
  haiku: 'Haiku|하이쿠|Haïku|Haiku',
  fakes: 'Fakes|페이크|Faux|Falsificaciones',
  'parody-news': 'Parody news|패러디 뉴스|Fausses nouvelles parodiques|Noticias paródicas',
  forgery: 'Forged document|위조 문서|Faux document|Documento falso',
  'photo-edit': 'Photo edit|사진 합성|Retouche photo|Fotomontaje',
  satire: 'Satire|풍자|Satire|Sátira',
  introduction: 'Introduction|자기소개|Présentation|Presentación',
  'site-feedback': 'Site feedback|사이트 의견|Avis sur le site|Opinión sobre el sitio',
  tools: 'Tools|도구|Outils|Herramientas',
  challenge: 'Challenge|챌린지|Défi|Reto',
};

export const demoTags: readonly DemoTag[] = tagTree.map(([key, type, parents]) => {
  const [en, ko, fr, es] = (tagLabels[key] ?? '').split('|');
  if (en === undefined || ko === undefined || fr === undefined || es === undefined)
    throw new Error(`Demo tag ${key} lacks labels`);
  return {
    key,
    labels: { en, ko, fr, es },
    type,
    parents: parents === '' ? [] : parents.split(' '),
  };
});
