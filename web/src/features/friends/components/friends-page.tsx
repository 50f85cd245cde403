import { ArrowLeftIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFriends } from '../api/get-friends';
import { useReceivedRequests } from '../api/get-received-requests';
import { useSentRequests } from '../api/get-sent-requests';
import { AddFriendDialog } from './add-friend-dialog';
import { FriendList } from './friend-list';
import { ReceivedRequestList, SentRequestList } from './request-lists';

type Tab = 'friends' | 'received' | 'sent';

/** docs/product.md §2.11: tabs with counts (friends, received, sent) and a back button to /. */
export function FriendsPage() {
  const { t } = useTranslation();
  const friends = useFriends();
  const received = useReceivedRequests();
  const sent = useSentRequests();
  const [tab, setTab] = useState<Tab>('friends');
  const [adding, setAdding] = useState(false);

  const tabs: Array<{ value: Tab; count: number | undefined }> = [
    { value: 'friends', count: friends.data?.length },
    { value: 'received', count: received.data?.length },
    { value: 'sent', count: sent.data?.length },
  ];

  return (
    <div className="mx-auto grid w-full max-w-3xl content-start gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex items-center gap-3">
        <IconButton asChild label={t('friends.back')} className="shrink-0">
          <Link href="/">
            <ArrowLeftIcon aria-hidden />
          </Link>
        </IconButton>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h1 className="font-bold text-2xl tracking-tight">{t('friends.title')}</h1>
          <p className="hidden text-muted-foreground text-sm sm:block">
            {t('friends.description')}
          </p>
        </div>
        <Button onClick={() => setAdding(true)} className="shrink-0">
          <UserPlusIcon aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('friends.add')}</span>
        </Button>
      </header>

      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="grid gap-4">
        <TabsList aria-label={t('friends.tabsLabel')} className="w-full sm:w-fit">
          {tabs.map(({ value, count }) => (
            <TabsTrigger key={value} value={value} className="px-2 sm:px-3">
              <span className="sm:hidden">{t(`friends.tabs.${value}Short`)}</span>
              <span className="hidden sm:inline">{t(`friends.tabs.${value}`)}</span>{' '}
              <TabCount count={count} highlight={value === 'received'} />
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="friends">
          <FriendList query={friends} onAdd={() => setAdding(true)} />
        </TabsContent>
        <TabsContent value="received">
          <ReceivedRequestList query={received} />
        </TabsContent>
        <TabsContent value="sent">
          <SentRequestList query={sent} />
        </TabsContent>
      </Tabs>

      <AddFriendDialog
        open={adding}
        onOpenChange={setAdding}
        friends={friends.data}
        received={received.data}
        sent={sent.data}
      />
    </div>
  );
}

function TabCount({ count, highlight }: { count: number | undefined; highlight: boolean }) {
  if (count === undefined) return null;
  return (
    <span
      data-testid="tab-count"
      className={
        highlight && count > 0
          ? 'min-w-5 rounded-full bg-primary px-1.5 text-center text-primary-foreground text-xs tabular-nums'
          : 'min-w-5 rounded-full bg-muted-foreground/15 px-1.5 text-center text-xs tabular-nums'
      }
    >
      {count}
    </span>
  );
}
