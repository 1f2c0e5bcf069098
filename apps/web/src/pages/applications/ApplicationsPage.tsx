/** /applications (moderators): pending applications to decide, promotion requests, and the banned users. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Page } from '../../components/Page.tsx';
import { BannedUsers } from './BannedUsers.tsx';
import { PendingApplications } from './PendingApplications.tsx';
import { PromotionRequests } from './PromotionRequests.tsx';
import { usePendingPromotions } from '../../api/promotions.ts';

type TabId = 'pending' | 'promotions' | 'banned';

export default function ApplicationsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('pending');
  const promotions = usePendingPromotions();
  const promotionCount = promotions.data?.length ?? 0;
  return (
    <Page title={t('applications.title')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_e, value: TabId) => setTab(value)}
          aria-label={t('applications.tabs')}
          variant="scrollable"
          allowScrollButtonsMobile
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
