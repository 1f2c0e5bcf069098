/** /applications (moderators): pending applications to decide, and the banned users. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Page } from '../../components/Page.tsx';
import { BannedUsers } from './BannedUsers.tsx';
import { PendingApplications } from './PendingApplications.tsx';

type TabId = 'pending' | 'banned';

export default function ApplicationsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('pending');
  return (
    <Page title={t('applications.title')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_e, value: TabId) => setTab(value)} aria-label={t('applications.tabs')} variant="scrollable" allowScrollButtonsMobile>
          <Tab value="pending" label={t('applications.pendingTab')} id="tab-pending" aria-controls="panel-pending" />
          <Tab value="banned" label={t('applications.bannedTab')} id="tab-banned" aria-controls="panel-banned" />
        </Tabs>
      </Box>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'pending' ? <PendingApplications /> : <BannedUsers />}
      </div>
    </Page>
  );
}
