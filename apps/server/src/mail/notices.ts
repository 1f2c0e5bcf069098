/**
 * The mails that tell a user of a moderator's decision about them (issue 11), in the user's
 * language (`user.language`, else en): application approved, application rejected (with the
 * moderator's note), promotion (with the new role), ban (with the reason), unban. Written to the
 * outbox by the live dispatcher in the transaction that dispatches the domain event, so they
 * leave after commit, once (live/mails.ts).
 */
import { defaultLanguage, isLanguage, type Language, type RoleId } from '@atelier/shared';
import { renderTemplate, type RenderedMail, type Template } from './templates.ts';

export type NoticeKind =
  'applicationApproved' | 'applicationRejected' | 'promoted' | 'banned' | 'unbanned';

/** Where each notice's button leads (a path of the site). */
export const noticePaths: Record<NoticeKind, string> = {
  applicationApproved: '/',
  applicationRejected: '/application',
  promoted: '/account',
  banned: '/banned',
  unbanned: '/',
};

const templates: Record<NoticeKind, Record<Language, Template>> = {
  applicationApproved: {
    en: {
      subject: 'Welcome to Atelier: your application was approved',
      intro: [
        'Hello {username},',
        'Good news: a moderator approved your application. You are now {role} and can take part in Atelier.',
      ],
      button: 'Open Atelier',
      outro: ['See you there!'],
    },
    ko: {
      subject: 'Atelier 가입 신청이 승인되었습니다',
      intro: [
        '{username}님, 안녕하세요.',
        '좋은 소식입니다. 운영자가 가입 신청을 승인했습니다. 이제 {role}(으)로 Atelier에 참여할 수 있습니다.',
      ],
      button: 'Atelier 열기',
      outro: ['곧 만나요!'],
    },
    fr: {
      subject: 'Bienvenue sur Atelier : votre candidature est acceptée',
      intro: [
        'Bonjour {username},',
        'Bonne nouvelle : un modérateur a accepté votre candidature. Vous êtes maintenant {role} et pouvez participer à Atelier.',
      ],
      button: 'Ouvrir Atelier',
      outro: ['À très vite !'],
    },
    es: {
      subject: 'Te damos la bienvenida a Atelier: tu solicitud fue aprobada',
      intro: [
        'Hola, {username}:',
        'Buenas noticias: un moderador aprobó tu solicitud. Ahora eres {role} y puedes participar en Atelier.',
      ],
      button: 'Abrir Atelier',
      outro: ['¡Nos vemos allí!'],
    },
  },
  applicationRejected: {
    en: {
      subject: 'Your application to Atelier was not accepted',
      intro: [
        'Hello {username},',
        'A moderator reviewed your application and did not accept it this time. Their note:',
        '{note}',
      ],
      button: 'See my application',
      outro: ['You may apply again later: the application page says when.'],
    },
    ko: {
      subject: 'Atelier 가입 신청이 승인되지 않았습니다',
      intro: [
        '{username}님, 안녕하세요.',
        '운영자가 가입 신청을 검토했으며 이번에는 승인하지 않았습니다. 운영자의 메모:',
        '{note}',
      ],
      button: '내 신청 보기',
      outro: ['나중에 다시 신청할 수 있습니다. 가능한 시기는 신청 페이지에서 확인하세요.'],
    },
    fr: {
      subject: "Votre candidature à Atelier n'a pas été acceptée",
      intro: [
        'Bonjour {username},',
        "Un modérateur a examiné votre candidature et ne l'a pas acceptée cette fois. Sa note :",
        '{note}',
      ],
      button: 'Voir ma candidature',
      outro: ['Vous pourrez postuler de nouveau plus tard : la page de candidature indique quand.'],
    },
    es: {
      subject: 'Tu solicitud a Atelier no fue aceptada',
      intro: [
        'Hola, {username}:',
        'Un moderador revisó tu solicitud y esta vez no la aceptó. Su nota:',
        '{note}',
      ],
      button: 'Ver mi solicitud',
      outro: ['Podrás volver a solicitarlo más adelante: la página de solicitud indica cuándo.'],
    },
  },
  promoted: {
    en: {
      subject: 'You were promoted on Atelier',
      intro: ['Hello {username},', 'Congratulations: a moderator made you {role}.', '{note}'],
      button: 'See my account',
      outro: ['Thank you for what you share with the community.'],
    },
    ko: {
      subject: 'Atelier에서 승급되었습니다',
      intro: [
        '{username}님, 안녕하세요.',
        '축하합니다. 운영자가 회원님을 {role}(으)로 승급했습니다.',
        '{note}',
      ],
      button: '내 계정 보기',
      outro: ['커뮤니티와 작품을 나눠 주셔서 감사합니다.'],
    },
    fr: {
      subject: 'Vous avez été promu sur Atelier',
      intro: [
        'Bonjour {username},',
        'Félicitations : un modérateur vous a nommé {role}.',
        '{note}',
      ],
      button: 'Voir mon compte',
      outro: ['Merci pour ce que vous partagez avec la communauté.'],
    },
    es: {
      subject: 'Te ascendieron en Atelier',
      intro: ['Hola, {username}:', 'Enhorabuena: un moderador te nombró {role}.', '{note}'],
      button: 'Ver mi cuenta',
      outro: ['Gracias por lo que compartes con la comunidad.'],
    },
  },
  banned: {
    en: {
      subject: 'Your Atelier account was banned',
      intro: [
        'Hello {username},',
        'A moderator banned your account: you can no longer take part in Atelier. The reason given:',
        '{reason}',
      ],
      button: 'See the notice',
      outro: ['You can still open your account page and sign out.'],
    },
    ko: {
      subject: 'Atelier 계정이 차단되었습니다',
      intro: [
        '{username}님, 안녕하세요.',
        '운영자가 회원님의 계정을 차단했습니다. 이제 Atelier에 참여할 수 없습니다. 사유:',
        '{reason}',
      ],
      button: '안내 보기',
      outro: ['계정 페이지를 열고 로그아웃하는 것은 계속 가능합니다.'],
    },
    fr: {
      subject: 'Votre compte Atelier a été banni',
      intro: [
        'Bonjour {username},',
        'Un modérateur a banni votre compte : vous ne pouvez plus participer à Atelier. Motif indiqué :',
        '{reason}',
      ],
      button: "Voir l'avis",
      outro: ['Vous pouvez toujours ouvrir la page de votre compte et vous déconnecter.'],
    },
    es: {
      subject: 'Tu cuenta de Atelier fue bloqueada',
      intro: [
        'Hola, {username}:',
        'Un moderador bloqueó tu cuenta: ya no puedes participar en Atelier. El motivo indicado:',
        '{reason}',
      ],
      button: 'Ver el aviso',
      outro: ['Aún puedes abrir la página de tu cuenta y cerrar sesión.'],
    },
  },
  unbanned: {
    en: {
      subject: 'Your Atelier account is no longer banned',
      intro: ['Hello {username},', 'A moderator lifted the ban on your account.'],
      button: 'Open Atelier',
      outro: ['Welcome back.'],
    },
    ko: {
      subject: 'Atelier 계정 차단이 해제되었습니다',
      intro: ['{username}님, 안녕하세요.', '운영자가 회원님 계정의 차단을 해제했습니다.'],
      button: 'Atelier 열기',
      outro: ['다시 오신 것을 환영합니다.'],
    },
    fr: {
      subject: "Votre compte Atelier n'est plus banni",
      intro: ['Bonjour {username},', 'Un modérateur a levé le bannissement de votre compte.'],
      button: 'Ouvrir Atelier',
      outro: ['Bon retour parmi nous.'],
    },
    es: {
      subject: 'Tu cuenta de Atelier ya no está bloqueada',
      intro: ['Hola, {username}:', 'Un moderador levantó el bloqueo de tu cuenta.'],
      button: 'Abrir Atelier',
      outro: ['Te damos la bienvenida de nuevo.'],
    },
  },
};

/** The roles a notice may name, in each language (the web's `roles.*` labels). */
const roleNames: Record<Language, Partial<Record<RoleId, string>>> = {
  en: {
    moderator: 'Moderator',
    'advanced-faker': 'Advanced faker',
    'probation-faker': 'Faker on probation',
    'advanced-writer': 'Advanced writer',
    'probation-writer': 'Writer on probation',
    'advanced-ai-artist': 'Advanced AI artist',
    'probation-ai-artist': 'AI artist on probation',
    member: 'Member',
  },
  ko: {
    moderator: '운영자',
    'advanced-faker': '숙련 페이커',
    'probation-faker': '수습 페이커',
    'advanced-writer': '숙련 작가',
    'probation-writer': '수습 작가',
    'advanced-ai-artist': '숙련 AI 아티스트',
    'probation-ai-artist': '수습 AI 아티스트',
    member: '회원',
  },
  fr: {
    moderator: 'Modérateur',
    'advanced-faker': 'Faker confirmé',
    'probation-faker': 'Faker à l’essai',
    'advanced-writer': 'Écrivain confirmé',
    'probation-writer': 'Écrivain à l’essai',
    'advanced-ai-artist': 'Artiste IA confirmé',
    'probation-ai-artist': 'Artiste IA à l’essai',
    member: 'Membre',
  },
  es: {
    moderator: 'Moderador',
    'advanced-faker': 'Faker avanzado',
    'probation-faker': 'Faker a prueba',
    'advanced-writer': 'Escritor avanzado',
    'probation-writer': 'Escritor a prueba',
    'advanced-ai-artist': 'Artista de IA avanzado',
    'probation-ai-artist': 'Artista de IA a prueba',
    member: 'Miembro',
  },
};

export interface NoticeVars {
  username: string;
  /** The role granted (approval, promotion). */
  role?: string | null;
  /** The moderator's note (rejection; promotion, optional). */
  note?: string | null;
  /** The ban's reason. */
  reason?: string | null;
}

/** The notice in the user's language; `baseUrl` is the site's address (config.baseUrl). */
export function renderNotice(
  kind: NoticeKind,
  language: string | null | undefined,
  vars: NoticeVars,
  baseUrl: string,
): RenderedMail & { link: string } {
  const lang: Language = isLanguage(language) ? language : defaultLanguage;
  const role = vars.role ? (roleNames[lang][vars.role as RoleId] ?? vars.role) : '';
  const link = new URL(noticePaths[kind], baseUrl).toString();
  const mail = renderTemplate(
    templates[kind][lang],
    lang,
    { username: vars.username, role, note: vars.note ?? '', reason: vars.reason ?? '' },
    link,
  );
  return { ...mail, link };
}
