/**
 * Support: the client's support page (contacts, message form, conversations), a conversation thread
 * for both sides, and the provider's support inbox. Routes import the pages from here, their
 * search params from ./routing and their loaders from ./loaders.
 */
export { conversationListQueryOptions, conversationQueryOptions, supportKeys } from './api'
export { ClientSupportPage } from './client-support-page'
export { ConversationPage } from './conversation-page'
export { SupportInboxPage } from './inbox-page'
