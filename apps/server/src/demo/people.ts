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
  parents?: string[];
}

export const demoTags: readonly DemoTag[] = [
  { key: 'art', type: 'general', labels: { en: 'Art', ko: '미술', fr: 'Art', es: 'Arte' } },
  {
    key: 'digital-painting',
    type: 'aiArtist',
    parents: ['art'],
    labels: {
      en: 'Digital painting',
      ko: '디지털 페인팅',
      fr: 'Peinture numérique',
      es: 'Pintura digital',
    },
  },
  {
    key: 'illustration',
    type: 'general',
    parents: ['art'],
    labels: { en: 'Illustration', ko: '일러스트', fr: 'Illustration', es: 'Ilustración' },
  },
  {
    key: 'abstract',
    type: 'general',
    parents: ['art'],
    labels: { en: 'Abstract', ko: '추상', fr: 'Abstrait', es: 'Abstracto' },
  },
  {
    key: 'landscape',
    type: 'general',
    parents: ['art'],
    labels: { en: 'Landscape', ko: '풍경', fr: 'Paysage', es: 'Paisaje' },
  },
  {
    key: 'portrait',
    type: 'general',
    parents: ['art'],
    labels: { en: 'Portrait', ko: '인물', fr: 'Portrait', es: 'Retrato' },
  },
  { key: 'ai', type: 'aiArtist', labels: { en: 'AI', ko: '인공지능', fr: 'IA', es: 'IA' } },
  {
    key: 'diffusion',
    type: 'aiArtist',
    parents: ['ai'],
    labels: {
      en: 'Diffusion models',
      ko: '확산 모델',
      fr: 'Modèles de diffusion',
      es: 'Modelos de difusión',
    },
  },
  {
    key: 'prompt-craft',
    type: 'aiArtist',
    parents: ['ai'],
    labels: {
      en: 'Prompt craft',
      ko: '프롬프트 작성',
      fr: 'Art du prompt',
      es: 'Escritura de prompts',
    },
  },
  {
    key: 'upscaling',
    type: 'aiArtist',
    parents: ['ai'],
    labels: { en: 'Upscaling', ko: '업스케일링', fr: 'Agrandissement', es: 'Escalado' },
  },
  {
    key: 'writing',
    type: 'writer',
    labels: { en: 'Writing', ko: '글쓰기', fr: 'Écriture', es: 'Escritura' },
  },
  {
    key: 'poetry',
    type: 'writer',
    parents: ['writing'],
    labels: { en: 'Poetry', ko: '시', fr: 'Poésie', es: 'Poesía' },
  },
  {
    key: 'short-story',
    type: 'writer',
    parents: ['writing'],
    labels: { en: 'Short story', ko: '단편 소설', fr: 'Nouvelle', es: 'Relato corto' },
  },
  {
    key: 'essay',
    type: 'writer',
    parents: ['writing'],
    labels: { en: 'Essay', ko: '에세이', fr: 'Essai', es: 'Ensayo' },
  },
  {
    key: 'flash-fiction',
    type: 'writer',
    parents: ['writing', 'short-story'],
    labels: { en: 'Flash fiction', ko: '초단편', fr: 'Micro-nouvelle', es: 'Microrrelato' },
  },
  {
    key: 'draft',
    type: 'writer',
    parents: ['writing'],
    labels: { en: 'Draft', ko: '초고', fr: 'Brouillon', es: 'Borrador' },
  },
  {
    key: 'haiku',
    type: 'writer',
    parents: ['poetry'],
    labels: { en: 'Haiku', ko: '하이쿠', fr: 'Haïku', es: 'Haiku' },
  },
  {
    key: 'fakes',
    type: 'faker',
    labels: { en: 'Fakes', ko: '페이크', fr: 'Faux', es: 'Falsificaciones' },
  },
  {
    key: 'parody-news',
    type: 'faker',
    parents: ['fakes'],
    labels: {
      en: 'Parody news',
      ko: '패러디 뉴스',
      fr: 'Fausses nouvelles parodiques',
      es: 'Noticias paródicas',
    },
  },
  {
    key: 'forgery',
    type: 'faker',
    parents: ['fakes'],
    labels: { en: 'Forged document', ko: '위조 문서', fr: 'Faux document', es: 'Documento falso' },
  },
  {
    key: 'photo-edit',
    type: 'faker',
    parents: ['fakes', 'art'],
    labels: { en: 'Photo edit', ko: '사진 합성', fr: 'Retouche photo', es: 'Fotomontaje' },
  },
  {
    key: 'satire',
    type: 'faker',
    parents: ['fakes'],
    labels: { en: 'Satire', ko: '풍자', fr: 'Satire', es: 'Sátira' },
  },
  {
    key: 'introduction',
    type: 'general',
    labels: { en: 'Introduction', ko: '자기소개', fr: 'Présentation', es: 'Presentación' },
  },
  {
    key: 'site-feedback',
    type: 'general',
    labels: {
      en: 'Site feedback',
      ko: '사이트 의견',
      fr: 'Avis sur le site',
      es: 'Opinión sobre el sitio',
    },
  },
  {
    key: 'tools',
    type: 'general',
    labels: { en: 'Tools', ko: '도구', fr: 'Outils', es: 'Herramientas' },
  },
  {
    key: 'challenge',
    type: 'general',
    labels: { en: 'Challenge', ko: '챌린지', fr: 'Défi', es: 'Reto' },
  },
];
