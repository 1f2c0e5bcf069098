-- The five default sections of PRODUCT.md, with names and descriptions in en, ko, fr and es.
-- Idempotent: an existing slug is left as it is (a moderator may have edited it).
INSERT INTO "sections" ("slug", "type", "name", "description", "sort_order") VALUES
(
  'fakes', 'faker',
  '{"en": "Fakes", "ko": "페이크", "fr": "Faux", "es": "Falsificaciones"}'::jsonb,
  '{"en": "Invented documents, parody news and convincing forgeries made for fun: show your work and how you made it.", "ko": "재미로 만든 가짜 문서, 패러디 뉴스, 그럴듯한 위작: 작품과 제작 과정을 보여 주세요.", "fr": "Faux documents, actualités parodiques et contrefaçons convaincantes faites pour le plaisir : montrez votre travail et comment vous l''avez réalisé.", "es": "Documentos inventados, noticias paródicas y falsificaciones convincentes hechas por diversión: muestra tu trabajo y cómo lo hiciste."}'::jsonb,
  1
),
(
  'writing', 'writer',
  '{"en": "Writing", "ko": "글쓰기", "fr": "Écriture", "es": "Escritura"}'::jsonb,
  '{"en": "Stories, poems, essays and fiction of every length. Share your texts and your drafts.", "ko": "길이에 상관없이 소설, 시, 에세이를 나누는 곳입니다. 완성한 글과 초고를 공유하세요.", "fr": "Nouvelles, poèmes, essais et fiction de toute longueur. Partagez vos textes et vos brouillons.", "es": "Relatos, poemas, ensayos y ficción de cualquier extensión. Comparte tus textos y tus borradores."}'::jsonb,
  2
),
(
  'ai-art', 'aiArtist',
  '{"en": "AI Art", "ko": "AI 아트", "fr": "Art IA", "es": "Arte con IA"}'::jsonb,
  '{"en": "Images made with generative AI: share your work, your prompts and your process.", "ko": "생성형 AI로 만든 이미지: 작품과 프롬프트, 작업 과정을 공유하세요.", "fr": "Images créées avec l''IA générative : partagez vos œuvres, vos prompts et votre démarche.", "es": "Imágenes creadas con IA generativa: comparte tus obras, tus prompts y tu proceso."}'::jsonb,
  3
),
(
  'general', 'open',
  '{"en": "General", "ko": "자유 게시판", "fr": "Général", "es": "General"}'::jsonb,
  '{"en": "Anything that does not fit elsewhere: introductions, news and conversation.", "ko": "다른 곳에 맞지 않는 모든 이야기: 자기소개, 소식, 잡담.", "fr": "Tout ce qui n''a pas sa place ailleurs : présentations, actualités et discussions.", "es": "Todo lo que no encaja en otro lugar: presentaciones, noticias y conversación."}'::jsonb,
  4
),
(
  'feedback', 'open',
  '{"en": "Feedback", "ko": "피드백", "fr": "Retours", "es": "Comentarios"}'::jsonb,
  '{"en": "Ideas, questions and bug reports about the site itself.", "ko": "사이트에 대한 아이디어, 질문, 버그 제보.", "fr": "Idées, questions et signalements de bugs concernant le site lui-même.", "es": "Ideas, preguntas e informes de errores sobre el propio sitio."}'::jsonb,
  5
)
ON CONFLICT ("slug") DO NOTHING;
