import '@/features/support/support.css';
import { View } from '@aws-amplify/ui-react';
import { Navigate } from 'react-router-dom';
import { NARROW_QUERY, useMediaQuery } from '@/components/ui/use-media-query';
import { ChatbotPanel } from '@/features/support/components/chatbot-panel';

/**
 * /chatbot (portal spec §2): below 1024 px the chat view; on wider screens the home view (the chatbot is then the
 * second slide of /support).
 */
export function ChatbotRoute() {
  const narrow = useMediaQuery(NARROW_QUERY);
  if (!narrow) return <Navigate to="/home" replace />;
  return (
    <View padding="medium" maxWidth="48rem">
      <ChatbotPanel headingLevel={1} />
    </View>
  );
}
