/**
 * Support: the client's support page (contacts, message form, conversations), a conversation thread
 * for both sides, and the provider's support inbox. Routes import the pages and loaders from here.
 */
export { conversationListQueryOptions, conversationQueryOptions, supportKeys } from './api'
export { ClientSupportPage, loadClientSupport } from './client-support-page'
export { ConversationPage, loadConversation } from './conversation-page'
export { loadInbox, SupportInboxPage } from './inbox-page'
export { InboxSearchSchema, type InboxSearch } from './inbox-search'
