/** Trans makes a message's tags elements and its values text, as react-i18next's did. */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@atelier/shared/locales/en.json';
import ko from '@atelier/shared/locales/ko.json';
import { changeLanguage } from './translate.ts';
import { Trans } from './Trans.tsx';

afterEach(async () => {
  await changeLanguage('en');
});

describe('Trans', () => {
  it('renders the named tags as elements around the filled-in values', () => {
    const email = '<em>a&b</em>@x.test';
    const { container } = render(
      <p>
        <Trans
          i18nKey="register.checkBody"
          values={{ email }}
          components={{ strong: <strong /> }}
        />
      </p>,
    );
    const p = container.querySelector('p')!;
    expect(p.querySelector('strong')?.textContent).toBe(email);
    expect(p.querySelector('em')).toBeNull();
    expect(p.textContent).toBe(
      en.register.checkBody.replace('{{email}}', email).replace(/<\/?strong>/g, ''),
    );
    expect(p.innerHTML).toMatch(/^We sent a link to <strong>.*<\/strong>\. Open it/);
  });

  it('renders a message that starts with its tag, in the current language', async () => {
    await changeLanguage('ko');
    const { container } = render(
      <p>
        <Trans
          i18nKey="register.checkBody"
          values={{ email: 'a@x.test' }}
          components={{ strong: <strong /> }}
        />
      </p>,
    );
    expect(container.querySelector('p')!.firstChild).toBe(container.querySelector('strong'));
    expect(container.querySelector('p')!.textContent).toBe(
      ko.register.checkBody.replace('<strong>{{email}}</strong>', 'a@x.test'),
    );
  });

  it('leaves a tag it was not given as written', () => {
    const { container } = render(
      <p>
        <Trans i18nKey="register.checkBody" values={{ email: 'a@x.test' }} components={{}} />
      </p>,
    );
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toContain('<strong>a@x.test</strong>');
  });
});
