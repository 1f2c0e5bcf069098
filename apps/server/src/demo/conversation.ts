/** What demo members say: comments, replies and status updates in the four languages. */
import type { Language } from '@atelier/shared';

export const commentTexts: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'This made my morning. The ending is perfect.',
    'Love the colours here — how long did it take?',
    'I laughed out loud on the bus. Thank you!',
    'The second paragraph is my favourite. **So** vivid.',
    'Could you share a bit more about your process?',
    'Bookmarking this one. More please!',
    'Great idea. I would add a small preview before posting.',
    'The rhythm of this is lovely when read aloud.',
    'Honest question: how do you decide when it is finished?',
    'This is exactly why I joined the site.',
  ],
  ko: [
    '정말 좋네요. 마지막 문장이 오래 남아요.',
    '색감이 너무 예뻐요! 작업 시간이 얼마나 걸렸나요?',
    '출근길에 읽다가 웃음이 터졌어요 ㅋㅋ',
    '두 번째 문단이 특히 좋았어요.',
    '작업 과정을 조금 더 알려 주실 수 있나요?',
    '다음 편도 기대할게요!',
    '좋은 의견이에요. 저도 같은 생각이었어요.',
    '소리 내어 읽으니 리듬이 더 살아나네요.',
    '이런 글 때문에 이 사이트가 좋아요.',
  ],
  fr: [
    'Superbe, la chute est parfaite.',
    'Les couleurs sont magnifiques — combien de temps cela vous a-t-il pris ?',
    "J'ai éclaté de rire dans le métro, merci !",
    'Le deuxième paragraphe est mon préféré.',
    'Pouvez-vous en dire un peu plus sur votre méthode ?',
    'Vivement la suite !',
    'Bonne idée, je suis tout à fait d’accord.',
    'Le rythme est très beau à voix haute.',
    "C'est exactement pour ça que je suis ici.",
  ],
  es: [
    '¡Qué bueno! El final es perfecto.',
    'Me encantan los colores. ¿Cuánto tiempo te llevó?',
    'Me reí a carcajadas en el autobús, ¡gracias!',
    'El segundo párrafo es mi favorito.',
    '¿Podrías contar un poco más sobre tu proceso?',
    '¡Espero la continuación!',
    'Buena idea, estoy totalmente de acuerdo.',
    'Leído en voz alta tiene un ritmo precioso.',
    'Por cosas así me uní a esta comunidad.',
  ],
};

export const replyTexts: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'Thank you! It took about a week of evenings.',
    'Agreed, that part stuck with me too.',
    'Ha, same here.',
    'Good point — I will try that next time.',
    'I wrote a longer answer in my status update.',
    'Exactly what I was going to say.',
  ],
  ko: [
    '감사합니다! 저녁마다 조금씩 일주일 걸렸어요.',
    '맞아요, 저도 그 부분이 기억에 남아요.',
    '저도요 ㅎㅎ',
    '좋은 지적이에요. 다음에 시도해 볼게요.',
    '제가 하려던 말이 바로 그거예요.',
  ],
  fr: [
    'Merci ! Environ une semaine de soirées.',
    "D'accord avec vous, ce passage m'a marqué aussi.",
    'Pareil pour moi !',
    "Bonne remarque, j'essaierai la prochaine fois.",
    "C'est exactement ce que j'allais dire.",
  ],
  es: [
    '¡Gracias! Me llevó una semana de tardes.',
    'De acuerdo, esa parte también me encantó.',
    '¡A mí también!',
    'Buena observación, lo probaré la próxima vez.',
    'Justo lo que iba a decir.',
  ],
};

export interface DemoStatus {
  author: string;
  content: string;
}

export const demoStatuses: readonly DemoStatus[] = [
  {
    author: 'demo-mod',
    content: 'Welcome to everyone who joined this week! Say hi in General. 👋',
  },
  {
    author: 'alex.rivers',
    content:
      'Finished the first draft of the lighthouse story. Now the hard part: cutting it in half.',
  },
  {
    author: 'sam.okafor',
    content: 'Working on a fake museum audio guide. It is going to be very serious and very wrong.',
  },
  {
    author: 'demo-mod',
    content:
      'Reminder: every post shows how it was made. Pick the provenance that fits, even for a quick sketch.',
  },
  { author: 'alex.rivers', content: 'Rainy Sunday, tea, and a blank page. Perfect.' },
  { author: 'mina.park', content: '오늘은 카페에서 시 세 편을 썼어요. 하나는 마음에 들어요.' },
  { author: 'jiho.kim', content: '새로운 네온 시리즈 작업 중입니다. 다음 주에 올릴게요!' },
  {
    author: 'yuna.lee',
    content: '패러디 뉴스 아이디어가 떠올랐는데 너무 웃겨서 혼자 웃는 중 ㅋㅋ',
  },
  { author: 'mina.park', content: '초고를 소리 내어 읽어 보니 고칠 곳이 잔뜩 보이네요.' },
  {
    author: 'jiho.kim',
    content: '프롬프트 하나로 백 장을 만들고 한 장을 골랐어요. 이게 제 작업 방식이에요.',
  },
  {
    author: 'camille.durand',
    content: 'Nouvelle série en préparation : le verre, la lumière et beaucoup de patience.',
  },
  {
    author: 'luc.moreau',
    content: 'Trois haïkus écrits entre deux stations. Le métro est mon meilleur atelier.',
  },
  { author: 'elodie.bernard', content: "J'ai lu tous les textes du défi de jeudi. Quel talent !" },
  {
    author: 'camille.durand',
    content: 'Retoucher à la main prend plus de temps que générer. Et c’est tant mieux.',
  },
  {
    author: 'luc.moreau',
    content: 'Mes élèves ont écrit des micro-nouvelles aujourd’hui. Je leur ai parlé de ce site.',
  },
  {
    author: 'sofia.ruiz',
    content: 'Terminando una falsificación de un billete de tren a la Luna. Solo ida.',
  },
  {
    author: 'mateo.garcia',
    content: '¡Ya hay más de veinte microrrelatos en el reto de esta semana!',
  },
  { author: 'lucia.mendez', content: 'Hoy toca desiertos. Mañana, quizá, océanos de cristal.' },
  { author: 'sofia.ruiz', content: 'Recordatorio: una buena parodia siempre avisa de que lo es.' },
  {
    author: 'mateo.garcia',
    content: 'Leyendo vuestros textos con un café. Mejor plan de domingo.',
  },
  {
    author: 'lucia.mendez',
    content: 'Alguien sabe cómo terminar la historia de las persianas azules? Acepto ideas.',
  },
];
