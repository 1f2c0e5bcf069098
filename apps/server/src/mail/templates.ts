/** The mails Atelier sends, in each interface language (the user's `language`, else en). */
import { defaultLanguage, isLanguage, type Language } from '@atelier/shared';

export type MailKind = 'verifyEmail' | 'resetPassword';

export interface Template {
  subject: string;
  /** Paragraphs before the link; `{username}` is replaced. */
  intro: string[];
  button: string;
  /** Paragraphs after the link. */
  outro: string[];
}

const templates: Record<MailKind, Record<Language, Template>> = {
  verifyEmail: {
    en: {
      subject: 'Confirm your e-mail address for Atelier',
      intro: [
        'Hello {username},',
        'Welcome to Atelier! Please confirm your e-mail address by opening this link:',
      ],
      button: 'Confirm my address',
      outro: [
        'The link is valid for 24 hours. If you did not create an account, you can ignore this message.',
      ],
    },
    ko: {
      subject: 'Atelier 이메일 주소를 확인해 주세요',
      intro: [
        '{username}님, 안녕하세요.',
        'Atelier에 오신 것을 환영합니다! 아래 링크를 열어 이메일 주소를 확인해 주세요.',
      ],
      button: '이메일 주소 확인',
      outro: [
        '이 링크는 24시간 동안 유효합니다. 계정을 만든 적이 없다면 이 메일을 무시하셔도 됩니다.',
      ],
    },
    fr: {
      subject: 'Confirmez votre adresse e-mail pour Atelier',
      intro: [
        'Bonjour {username},',
        'Bienvenue sur Atelier ! Confirmez votre adresse e-mail en ouvrant ce lien :',
      ],
      button: 'Confirmer mon adresse',
      outro: [
        "Le lien est valable 24 heures. Si vous n'avez pas créé de compte, vous pouvez ignorer ce message.",
      ],
    },
    es: {
      subject: 'Confirma tu dirección de correo electrónico para Atelier',
      intro: [
        'Hola, {username}:',
        '¡Te damos la bienvenida a Atelier! Confirma tu dirección de correo electrónico abriendo este enlace:',
      ],
      button: 'Confirmar mi dirección',
      outro: [
        'El enlace es válido durante 24 horas. Si no creaste una cuenta, puedes ignorar este mensaje.',
      ],
    },
  },
  resetPassword: {
    en: {
      subject: 'Reset your Atelier password',
      intro: [
        'Hello {username},',
        'Someone (hopefully you) asked to reset the password of your Atelier account. Open this link to choose a new password:',
      ],
      button: 'Choose a new password',
      outro: [
        'The link is valid for 1 hour. If you did not ask for this, you can ignore this message: your password stays the same.',
      ],
    },
    ko: {
      subject: 'Atelier 비밀번호 재설정',
      intro: [
        '{username}님, 안녕하세요.',
        'Atelier 계정의 비밀번호 재설정 요청이 접수되었습니다. 아래 링크를 열어 새 비밀번호를 정하세요.',
      ],
      button: '새 비밀번호 정하기',
      outro: [
        '이 링크는 1시간 동안 유효합니다. 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다.',
      ],
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe Atelier',
      intro: [
        'Bonjour {username},',
        "Quelqu'un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte Atelier. Ouvrez ce lien pour choisir un nouveau mot de passe :",
      ],
      button: 'Choisir un nouveau mot de passe',
      outro: [
        "Le lien est valable 1 heure. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      ],
    },
    es: {
      subject: 'Restablece tu contraseña de Atelier',
      intro: [
        'Hola, {username}:',
        'Alguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta de Atelier. Abre este enlace para elegir una contraseña nueva:',
      ],
      button: 'Elegir una contraseña nueva',
      outro: [
        'El enlace es válido durante 1 hora. Si no lo pediste, puedes ignorar este mensaje: tu contraseña no cambiará.',
      ],
    },
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail(
  kind: MailKind,
  language: string | null | undefined,
  vars: { username: string; link: string },
): RenderedMail {
  const t = templates[kind][isLanguage(language) ? language : defaultLanguage];
  return renderTemplate(t, language, { username: vars.username }, vars.link);
}

/**
 * Renders a template: each `{name}` in its paragraphs is replaced by `vars[name]` (text escaped
 * in the HTML part, line breaks kept); paragraphs left empty are dropped.
 */
export function renderTemplate(
  t: Template,
  language: string | null | undefined,
  vars: Record<string, string>,
  link: string,
): RenderedMail {
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (m, name: string) => vars[name] ?? m);
  const intro = t.intro.map(fill).filter((l) => l.trim() !== '');
  const outro = t.outro.map(fill).filter((l) => l.trim() !== '');
  const text = [...intro, link, ...outro].join('\n\n') + '\n';
  const paragraphs = (lines: string[]) =>
    lines.map((l) => `<p>${escapeHtml(l).replace(/\r?\n/g, '<br>')}</p>`).join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="${isLanguage(language) ? language : defaultLanguage}">
<body style="font-family: sans-serif; line-height: 1.5">
${paragraphs(intro)}
<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #1e88e5; color: #fff; border-radius: 6px; text-decoration: none">${escapeHtml(t.button)}</a></p>
<p style="word-break: break-all"><a href="${href}">${href}</a></p>
${paragraphs(outro)}
</body>
</html>
`;
  return { subject: fill(t.subject), text, html };
}
