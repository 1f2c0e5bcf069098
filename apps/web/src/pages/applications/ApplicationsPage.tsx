/** /applications (moderators): pending applications to decide, promotion requests, and the banned users. */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Page } from '../../components/Page.tsx';
import { BannedUsers } from './BannedUsers.tsx';
import { PendingApplications } from './PendingApplications.tsx';
import { PromotionRequests } from './PromotionRequests.tsx';
import { usePendingPromotions } from '../../api/promotions.ts';

type TabId = 'pending' | 'promotions' | 'banned';

const tabNarrow = {
  minWidth: 0,
  px: 0.5,
  whiteSpace: 'normal',
  lineHeight: 1.25,
  fontSize: '0.8125rem',
} as const;

export default function ApplicationsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('pending');
  const promotions = usePendingPromotions();
  const promotionCount = promotions.data?.length ?? 0;
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Page title={t('applications.title')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_e, value: TabId) => setTab(value)}
          aria-label={t('applications.tabs')}
          // Narrow screens: the three tabs share the width and their labels wrap, so nothing
          // scrolls sideways (375 px); wider screens keep them side by side.
          variant={narrow ? 'fullWidth' : 'standard'}
          sx={{ '& .MuiTab-root': narrow ? tabNarrow : {} }}
        >
          <Tab
            value="pending"
            label={t('applications.pendingTab')}
            id="tab-pending"
            aria-controls="panel-pending"
          />
          <Tab
            value="promotions"
            label={
              promotionCount > 0
                ? `${t('moderation.promotions.tab')} (${promotionCount})`
                : t('moderation.promotions.tab')
            }
            id="tab-promotions"
            aria-controls="panel-promotions"
          />
          <Tab
            value="banned"
            label={t('applications.bannedTab')}
            id="tab-banned"
            aria-controls="panel-banned"
          />
        </Tabs>
      </Box>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'pending' ? (
          <PendingApplications />
        ) : tab === 'promotions' ? (
          <PromotionRequests />
        ) : (
          <BannedUsers />
        )}
      </div>
    </Page>
  );
}
