/** The quote line above a reply: "replying to @user: excerpt" (one line, ellipsis). */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { excerptOf, type PublicUser } from '@atelier/shared';
import type { ConversationNs } from '../ItemActions.tsx';

export function ReplyQuote({
  author,
  text,
  ns,
}: {
  author: PublicUser | null;
  text: string;
  ns: ConversationNs;
}) {
  const { t } = useTranslation();
  const excerpt = excerptOf(text, 160);
  return (
    <Box
      component="blockquote"
      data-testid="reply-quote"
      sx={{
        m: 0,
        pl: 1.5,
        borderLeft: 3,
        borderColor: 'divider',
        color: 'text.secondary',
        minWidth: 0,
      }}
    >
      <Typography
        variant="caption"
        component="p"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {t(`${ns}.replyingTo`, { username: author?.username ?? t(`${ns}.deletedUser`) })}{' '}
        <Box component="span" sx={{ fontStyle: 'italic' }}>
          {excerpt || t(`${ns}.deletedText`)}
        </Box>
      </Typography>
    </Box>
  );
}
