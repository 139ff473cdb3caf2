/**
 * The English of every server message a person can see, by a stable code (issue #32: "words by
 * key, not by English"). The API and the auth service send the code with each message
 * (`messageKey`, and the `{{name}}` placeholders' `values`); the apps translate the code from the
 * language's table (`locales/ar/server.ts`, keyed by the same codes), not the English sentence.
 *
 * The servers' English stays word for word what they send (the spec binds it): a template here
 * must match the text a throw site builds, placeholders standing for the parts that vary.
 * `server-messages.coverage.test.ts` collects every message from the servers' source and fails
 * when one has no code here; `catalogs.test.ts` fails when a code has no Arabic, or the Arabic's
 * placeholders differ. Codes are never renamed once shipped (old clients know them): add a new one.
 * Plain data, no React: the API imports it.
 */
export const serverCatalog = {
  // ——— Sign-in, session and access (API) ———
  "session.signInToContinue": "Sign in to continue",
  "session.sessionHasExpired": "Your session has expired",
  "session.invalidAccessToken": "Invalid access token",
  "session.signInServiceCouldNot": "The sign-in service could not be reached. Please try again.",
  "session.youNoLongerMemberOf":
    "You are no longer a member of this workspace. Switch to another workspace to continue.",
  "session.onlyOwnerOfWorkspaceCan": "Only an owner of this workspace can see and change billing.",
  "session.roleInWorkspaceDoesNot": "Your role in this workspace does not allow this.",
  "session.userNotFound": "User not found",
  "session.youCanOnlyLookUp": "You can only look up your own account",
  "session.weCouldNotCountWorkspaces":
    "We could not count the workspace's members just now. Please try again in a moment.",
  // ——— General ———
  "general.somethingWentWrongOnSide": "Something went wrong on our side",
  "general.invalidRequest": "Invalid request",
  "general.invalid": "is invalid",
  "general.mustNotContainNulCharacter": "must not contain the NUL character (\\u0000)",
  "general.requestBodyNotValidUtf": "The request body is not valid UTF-8 text. Send it encoded as UTF-8.",
  "general.invalidPageCursor": "Invalid page cursor",
  "general.currencyMustBeIso4217": "Currency must be an ISO 4217 code",
  "general.useDateLike202611": "Use a date like 2026-11-21",
  "general.useDateThatExistsLike": "Use a date that exists, like 2026-11-21",
  // zod's own English for fields whose contract names no message.
  "zod.tooBigExpectedStringTo": "Too big: expected string to have <={{max}} characters",
  "zod.tooSmallExpectedStringTo": "Too small: expected string to have >={{min}} characters",
  "zod.tooBigExpectedArrayTo": "Too big: expected array to have <={{max}} items",
  "zod.tooSmallExpectedArrayTo": "Too small: expected array to have >={{min}} items",
  "zod.tooBigExpectedNumberTo": "Too big: expected number to be <={{max}}",
  "zod.tooSmallExpectedNumberTo": "Too small: expected number to be >={{min}}",
  "zod.invalidOptionExpectedOneOf": "Invalid option: expected one of {{options}}",
  "zod.invalidEmailAddress": "Invalid email address",
  "zod.invalidUrl": "Invalid URL",
  "zod.invalidInput": "Invalid input",
  // ——— Chatbots ———
  "chatbot.chatbotNotFound": "Chatbot not found",
  "chatbot.giveChatbotName": "Give your chatbot a name",
  "chatbot.keepNameUnder80Characters": "Keep the name under 80 characters",
  "chatbot.removeInvisibleTextDirectionOverride":
    "Remove the invisible text-direction override characters (U+202A to U+202E)",
  "chatbot.keepGreetingUnder500Characters": "Keep the greeting under 500 characters",
  "chatbot.keepGreetingBubbleUnder140": "Keep the greeting bubble under 140 characters",
  "chatbot.removeControlCharactersFromGreeting": "Remove control characters from the greeting bubble",
  "chatbot.writeGreetingOrTurnBubble": "Write the greeting, or turn the bubble off",
  "chatbot.enterNumberOfSeconds": "Enter a number of seconds",
  "chatbot.useWholeNumberOfSeconds": "Use a whole number of seconds",
  "chatbot.atLeast0Seconds": "At least 0 seconds",
  "chatbot.atMost300Seconds": "At most 300 seconds (5 minutes)",
  "chatbot.upTo6SuggestedQuestions": "Up to 6 suggested questions",
  "chatbot.fallbackReplyCannotBeEmpty": "The fallback reply cannot be empty",
  "chatbot.keepInstructionsUnder8000": "Keep instructions under 8,000 characters",
  "chatbot.chooseAtLeastOneLanguage": "Choose at least one language",
  "chatbot.keepConversationsForAtLeast": "Keep conversations for at least 1 day",
  "chatbot.useColourLike4f46e5": "Use a colour like #4f46e5",
  "chatbot.enterDomainSuchAsExample": "Enter a domain such as example.com or *.example.com",
  "chatbot.supportedLanguagesMustIncludeDefault": "The supported languages must include the default language",
  "chatbot.defaultLanguagesTextsTopLevel":
    "The default language's texts are the top-level fields (greeting, fallbackReply…), not translations",
  "chatbot.useTopLevelFieldsFor": "Use the top-level fields for the default language",
  "chatbot.messagesLimitedToCharacters": "Messages are limited to {{max}} characters",
  "chatbot.typeMessage": "Type a message",
  // Live chat settings (a bot's handoff texts and office hours).
  "chatbot.writeWhatBotSaysWhen": "Write what the bot says when it hands over",
  "chatbot.writeWhatBotSaysOutside": "Write what the bot says outside office hours",
  "chatbot.keepItUnder500Characters": "Keep it under 500 characters",
  "chatbot.useTimeLike0900": "Use a time like 09:00",
  "chatbot.closingTimeMustBeAfter": "Closing time must be after opening time",
  "chatbot.chooseTimeZoneFromList": "Choose a time zone from the list",
  // ——— AI model (playground and answers) ———
  "model.chatbotSetToUseAi":
    "This chatbot is set to use an AI model, but no model endpoint is configured. Set one in the bot's model settings or LLM_BASE_URL and LLM_MODEL.",
  "model.modelApiKeyStoredFor":
    "The model API key stored for chatbot {{id}} cannot be decrypted: it was changed outside Parley, or MODEL_KEYS_SECRET is not the one it was saved with. Set the key again in the bot's model settings.",
  "model.aiModelStoppedStreamingFor": "The AI model stopped streaming for {{ms}} ms",
  "model.aiModelDidNotAnswer": "The AI model did not answer within {{ms}} ms",
  "model.aiModelDidNotStart": "The AI model did not start answering within {{ms}} ms",
  "model.aiModelsAddressOnPrivate":
    "The AI model's address is on a private or local network, which this server does not allow.",
  "model.aiModelCouldNotBe": "The AI model could not be reached ({{detail}})",
  "model.aiModelAnsweredWithDetail": "The AI model answered {{status}}: {{detail}}",
  "model.aiModelAnsweredStatus": "The AI model answered {{status}}",
  "model.aiModelFailed": "The AI model failed: {{detail}}",
  "model.aiModelStreamBrokeOff": "The AI model stream broke off ({{detail}})",
  "model.aiModelReturnedEmptyAnswer": "The AI model returned an empty answer",
  "model.somethingWentWrongWhileAnswering": "Something went wrong while answering.",
  // ——— Knowledge sources ———
  "knowledge.knowledgeSourceNotFound": "Knowledge source not found",
  "knowledge.invalidSource": "Invalid source",
  "knowledge.attachFileInFileField": "Attach a file in the `file` field.",
  "knowledge.fileEmpty": "The file is empty.",
  "knowledge.sourceAlreadyBeingProcessed": "This source is already being processed.",
  "knowledge.filesLimitedToMbOn": "Files are limited to {{mb}} MB on your plan. Upgrade for larger files.",
  "knowledge.giveTextTitle": "Give the text a title",
  "knowledge.keepTitleUnderCharacters": "Keep the title under {{max}} characters",
  "knowledge.textEmpty": "The text is empty",
  "knowledge.textSourcesLimitedTo500": "Text sources are limited to 500,000 characters",
  "knowledge.writeQuestion": "Write the question",
  "knowledge.writeAnswer": "Write the answer",
  "knowledge.enterFullAddressSuchAs": "Enter a full address such as https://example.com",
  "knowledge.onlyHttpAndHttpsSites": "Only http and https sites can be crawled",
  "knowledge.documentHasMoreThanCharacters":
    "This document has more than {{count}} characters of text, the most one source can hold on the {{plan}} plan. Split it into smaller files or upgrade your plan.",
  "knowledge.documentGivesMoreThanPassages":
    "This document gives more than {{count}} passages, the most one source can hold on the {{plan}} plan. Split it into smaller files or upgrade your plan.",
  "knowledge.siteGivesMoreThanPassages":
    "This site gives more than {{count}} passages, the most one source can hold on the {{plan}} plan. Lower the page limit or upgrade your plan.",
  "knowledge.zipFileNotWordDocument":
    "This ZIP file is not a Word document. Upload a PDF, Word (.docx), Markdown or text file.",
  "knowledge.fileTypeIsntSupportedUpload":
    "This file type isn't supported. Upload a PDF, Word (.docx), Markdown or text file.",
  "knowledge.fileIsntUtf8Text":
    "This file isn't UTF-8 text. Upload a PDF, Word (.docx), Markdown or text file.",
  "knowledge.noTextFoundInPdf":
    "No text found in this PDF. Scanned documents need text recognition, which isn't supported yet.",
  "knowledge.documentEmpty": "This document is empty.",
  "knowledge.pdfPasswordProtectedRemovePassword":
    "This PDF is password-protected. Remove the password and upload it again.",
  "knowledge.pdfCouldNotBeRead": "This PDF could not be read. It may be damaged; try exporting it again.",
  "knowledge.wordDocumentCouldNotBe":
    "This Word document could not be read. It may be damaged; try saving it again as .docx.",
  "knowledge.wordDocumentUnpacksToMore":
    "This Word document unpacks to more than a source may hold (it may be a zip bomb). Split it into smaller documents.",
  "knowledge.uploadedFileMissingUploadIt": "The uploaded file is missing; upload it again.",
  "knowledge.pagesWereReachedButHeld": "The pages were reached but held no readable text.",
  "knowledge.sourceHoldsNoTextTo": "This source holds no text to learn from.",
  "knowledge.somethingWentWrongWhileReading":
    "Something went wrong while reading this source. Try re-syncing it.",
  "knowledge.readingSourceFailedOnEvery":
    "Reading this source failed on every attempt (the reader stopped), so it was given up. It may be malformed or too large: split it, or try re-syncing.",
  "knowledge.pageNestedTooDeeplyTo": "The page is nested too deeply to read.",
  "knowledge.pageCouldNotBeRead": "The page could not be read.",
  "knowledge.fileNeedsMoreMemoryTo":
    "This file needs more memory to read than one source may use. It may be malformed, or too large and complex: split it into smaller files.",
  "knowledge.fileCouldNotBeRead":
    "This file could not be read: the reader stopped unexpectedly. It may be damaged or malformed.",
  "knowledge.readingFileTookLongerThan":
    "Reading this file took longer than 1 second, so it was stopped. It may be malformed, or too large: split it into smaller files.",
  "knowledge.readingFileTookLongerThanSeconds":
    "Reading this file took longer than {{seconds}} seconds, so it was stopped. It may be malformed, or too large: split it into smaller files.",
  "knowledge.semanticSearchOffForSource":
    "Semantic search is off for this source: {{reason}}. It is still searched by its words; re-sync it to try again.",
  // ——— Website crawling ———
  "crawl.addressNotWebPageWe": "This address is not a web page we can crawl.",
  "crawl.addressOnPrivateOrLocal": "This address is on a private or local network, which can't be crawled.",
  "crawl.addressOnPrivateOrLocalNetwork":
    "This address is on a private or local network, which can't be reached.",
  "crawl.onlyHttpAndHttpsAddresses": "Only http and https addresses can be reached.",
  "crawl.addressesWithUserNameOr": "Addresses with a user name or password are not allowed.",
  "crawl.tooManyRedirects": "Too many redirects.",
  "crawl.responseLargerThanKb": "The response is larger than {{kb}} KB.",
  "crawl.sitesRobotsTxtDoesNot": "The site's robots.txt does not allow crawling {{url}}.",
  "crawl.itLeadsToPrivateOr": "It leads to a private or local address.",
  "crawl.pageLargerThan3Mb": "The page is larger than 3 MB; reading stopped there.",
  "crawl.largerThan3Mb": "{{url}} is larger than 3 MB.",
  "crawl.pageDidNotLoadWithin": "The page did not load within 1 second.",
  "crawl.pageDidNotLoadWithinSeconds": "The page did not load within {{seconds}} seconds.",
  "crawl.didNotLoadWithin1": "{{url}} did not load within 1 second.",
  "crawl.didNotLoadWithinSeconds": "{{url}} did not load within {{seconds}} seconds.",
  "crawl.weCouldntReachIt": "We couldn't reach it ({{detail}}).",
  "crawl.weCouldntReach": "We couldn't reach {{url}} ({{detail}}).",
  "crawl.itRedirectsToAnotherSite": "It redirects to another site ({{site}}).",
  "crawl.redirectsToAnotherSite": "{{url}} redirects to another site ({{site}}).",
  "crawl.itRedirectsTooOftenOr": "It redirects too often, or nowhere.",
  "crawl.redirectsTooOften": "{{url}} redirects too often.",
  "crawl.pageAnswered": "The page answered {{status}}.",
  "crawl.answered": "{{url}} answered {{status}}.",
  "crawl.itNotWebPage": "It is not a web page ({{kind}}).",
  "crawl.notWebPage": "{{url}} is not a web page ({{kind}}).",
  "crawl.noReadablePagesWereFound": "No readable pages were found at {{url}}.",
  "crawl.pageAsksNotToBe": "The page asks not to be indexed (noindex).",
  "crawl.itSamePageAs": "It is the same page as {{url}}.",
  "crawl.couldNotBeReadAs": "{{url}} could not be read as a sitemap.",
  "crawl.itNotSitemap": "It is not a sitemap.",
  "crawl.sitemapAnswered": "The sitemap answered {{status}}.",
  "crawl.sitemapExpandsToMoreThan": "The sitemap expands to more than {{mb}} MB; it was not read.",
  "crawl.sitemapNotValidGzip": "The sitemap is not valid gzip.",
  "crawl.sitemapLargerThanMbIt": "The sitemap is larger than {{mb}} MB; it was not read.",
  "crawl.weCouldntReadSitemap": "We couldn't read the sitemap.",
  "crawl.itRedirectsTooOften": "It redirects too often.",
  "crawl.sitemapOnAnotherSiteIt": "The sitemap is on another site; it was not read.",
  "crawl.sitemapListedAgainLoopIt": "The sitemap is listed again (a loop); it was read once.",
  "crawl.sitemapIndexesNestMoreThan": "Sitemap indexes nest more than {{depth}} deep; this one was not read.",
  "crawl.moreThanSitemapsOneWas": "More than {{count}} sitemaps; this one was not read.",
  "crawl.sitemapsListMoreThanAddresses":
    "The sitemaps list more than {{count}} addresses; only the first {{count}} were read.",
  "crawl.sitemapLists1AddressOn": "The sitemap lists 1 address on another site; it was left out.",
  "crawl.sitemapListsAddressesOnAnother":
    "The sitemap lists {{count}} addresses on another site; they were left out.",
  "crawl.scheduledReSyncsPartOf":
    "Scheduled re-syncs are part of the paid plans. Upgrade your plan, or re-sync this source by hand.",
  "crawl.onlyWebsiteSourcesHavePath": "Only website sources have path rules and a re-sync schedule.",
  "crawl.writePathSuchAsHelp": "Write a path such as /help/",
  "crawl.keepEachPathPatternUnder": "Keep each path pattern under 200 characters",
  "crawl.pathPatternStartsWithSuch": "A path pattern starts with /, such as /help/",
  "crawl.atMostPathPatterns": "At most {{count}} path patterns",
  // ——— Plans and limits ———
  "plan.planIncludes1ChatbotUpgrade": "Your {{plan}} plan includes 1 chatbot. Upgrade your plan to add more.",
  "plan.planIncludesChatbotsUpgradePlan":
    "Your {{plan}} plan includes {{count}} chatbots. Upgrade your plan to add more.",
  "plan.planIncludes1MessageMonth":
    "Your {{plan}} plan includes 1 message a month. Upgrade your plan to add more.",
  "plan.planIncludesMessagesMonthUpgrade":
    "Your {{plan}} plan includes {{count}} messages a month. Upgrade your plan to add more.",
  "plan.planIncludes1KnowledgeSource":
    "Your {{plan}} plan includes 1 knowledge source. Upgrade your plan to add more.",
  "plan.planIncludesKnowledgeSourcesUpgrade":
    "Your {{plan}} plan includes {{count}} knowledge sources. Upgrade your plan to add more.",
  "plan.planIncludes1TeamMember": "Your {{plan}} plan includes 1 team member. Upgrade your plan to add more.",
  "plan.planIncludesTeamMembersUpgrade":
    "Your {{plan}} plan includes {{count}} team members. Upgrade your plan to add more.",
  // ——— Subscriptions ———
  "subscription.planNotFound": "Plan not found",
  "subscription.youCanOnlyViewOwn": "You can only view your own subscription",
  "subscription.youCanOnlyChangeOwn": "You can only change your own subscription",
  "subscription.selectedPlanNotAvailable": "The selected plan is not available",
  "subscription.billingIntervalDoesNotMatch": "The billing interval does not match the selected plan",
  "subscription.youOnFreePlanThere": "You are on the Free plan: there is nothing to downgrade",
  "subscription.paymentReferenceDoesNotBelong":
    "This payment reference does not belong to your current subscription",
  "subscription.onlyPlanBelowCanBe": "Only a plan below {{plan}} can be scheduled as a downgrade",
  "subscription.downgradeScheduledPlanWillChange":
    "Downgrade scheduled: your plan will change to {{plan}} on {{date}}",
  "subscription.thereNoScheduledDowngradeTo": "There is no scheduled downgrade to cancel",
  "subscription.scheduledDowngradeWasCancelledPlan":
    "Your scheduled downgrade was cancelled; your plan stays as it is",
  "subscription.missingRequiredDowngradeInformation": "Missing required downgrade information",
  // ——— Payments ———
  "payment.paymentNotFound": "Payment not found",
  "payment.youCanOnlyRecordOwn": "You can only record your own payments",
  "payment.paymentDetailsDoNotMatch": "The payment details do not match the payment that was started",
  "payment.paymentCanNoLongerBe": "This payment can no longer be completed",
  "payment.amountDoesNotMatchPrice": "The amount does not match the price of the selected plan",
  "payment.amountDoesNotMatchPriceOf": "The amount does not match the price of any plan",
  "payment.userOrPlanNotFound": "User or plan not found",
  "payment.planNameDoesNotMatch": "The plan name does not match the selected plan",
  "payment.freePlanNeedsNoPayment": "The Free plan needs no payment",
  "payment.severalPlansCostAmountSend": "Several plans cost this amount: send planId to choose one",
  "payment.capturedAmountDiffersFromPrice": "Captured amount differs from the price",
  "payment.paymentWasCancelled": "Payment was cancelled",
  "payment.paymentWasDeclined": "Payment was declined",
  "payment.paymentWasNotCompletedIn": "The payment was not completed in time",
  "payment.paymentGatewayCouldNotStart": "The payment gateway could not start the payment",
  "payment.declinedByCardIssuerSandbox": "Declined by the card issuer (sandbox)",
  "payment.cancelledAtPaymentPage": "Cancelled at the payment page",
  "payment.paymentLinkNotValid": "This payment link is not valid",
  "payment.chooseApproveDeclineOrCancel": "Choose Approve, Decline or Cancel",
  "payment.benefitCouldNotBeReached": "BENEFIT could not be reached ({{detail}})",
  "payment.benefitAnswered": "BENEFIT answered {{status}}",
  "payment.benefitAcceptsBhdOnlyNot": "BENEFIT accepts BHD only, not {{currency}}",
  "payment.benefitRefusedToStartPayment": "BENEFIT refused to start the payment",
  "payment.benefitInquiryFailed": "BENEFIT inquiry failed",
  "payment.cardGatewayCouldNotBe": "The card gateway could not be reached ({{detail}})",
  "payment.cardGatewayAnswered": "The card gateway answered {{status}}",
  "payment.cardGatewayRefusedToStart": "The card gateway refused to start the payment",
  "payment.paymentGatewayCouldNotBe": "The payment gateway could not be reached ({{detail}})",
  "payment.paymentGatewayAnswered": "The payment gateway answered {{status}}",
  "payment.paymentGatewaySentNoPayment": "The payment gateway sent no payment page",
  // ——— Inbox and analytics ———
  "inbox.conversationNotFound": "Conversation not found",
  "inbox.messageNotFound": "Message not found",
  "inbox.endDateMustNotBe": "The end date must not be before the start date",
  "inbox.chooseRangeOfAtMost": "Choose a range of at most a year",
  // ——— Live chat (a person takes over from the bot) ———
  "liveChat.alreadyHandlingConversation": "{{name}} is already handling this conversation.",
  "liveChat.anotherMemberAlreadyHandlingConversation":
    "Another member is already handling this conversation.",
  "liveChat.conversationClosedItReopensWhen":
    "This conversation is closed. It reopens when the visitor writes again.",
  "liveChat.onlyWebsiteConversationsCanBe": "Only website conversations can be handed to a person.",
  "liveChat.chatDoesNotOfferPerson": "This chat does not offer a person to talk to.",
  "liveChat.tooManyTypingSignalsWait": "Too many typing signals. Please wait a moment.",
  "liveChat.tooManyOpenDashboardTabs": "Too many open dashboard tabs. Close one and try again.",
  "liveChat.tooManyOpenChatWindows": "Too many open chat windows. Close one and try again.",
  "liveChat.tooManyOpenChatWindowsFrom":
    "Too many open chat windows from your network. Please try again later.",
  "liveChat.youHaveAskedForPerson":
    "You have asked for a person several times. Please wait for the team to reply.",
  "liveChat.tooManyReconnectionsWaitMoment": "Too many reconnections. Please wait a moment.",
  "liveChat.waitAtLeast15Seconds": "Wait at least 15 seconds before offering the contact form",
  "liveChat.waitAtMostHour3600": "Wait at most an hour (3600 seconds) before offering the contact form",
  // ——— Contact and support ———
  "contact.thanksWeHaveMessageAnd":
    "Thanks, {{name}}. We have your message and will reply to {{email}} within one business day.",
  "contact.tooManyMessagesFromNetwork": "Too many messages from your network. Please try again later.",
  "contact.tooManyMessagesTryAgain": "Too many messages. Please try again later.",
  "contact.enterName": "Please enter your name",
  "contact.nameTooLong": "Name is too long",
  "contact.enterValidEmailAddress": "Please enter a valid email address",
  "contact.companyNameTooLong": "Company name is too long",
  "contact.writeAtLeast10Characters": "Please write at least 10 characters",
  "contact.keepMessageUnder5000": "Please keep your message under 5,000 characters",
  // ——— Chat widget ———
  "widget.chatNotAvailable": "This chat is not available",
  "widget.chatNotEnabledOnWebsite": "This chat is not enabled on this website",
  "widget.chatNotEnabledOnAdd":
    "This chat is not enabled on {{origin}}. Add {{domain}} to the allowed domains of chatbot {{id}} in the Parley dashboard (Embed tab).",
  "widget.chatbotNotPublishedPublishIt":
    "Chatbot {{id}} is not published. Publish it in the Parley dashboard to show the chat.",
  "widget.thereNoChatbotItWas":
    "There is no chatbot {{id}}: it was deleted, or the data-chatbot-id is wrong.",
  "widget.conversationHasReachedItsLength":
    "This conversation has reached its length limit. Please start a new conversation.",
  "widget.chatDoesNotCollectContact": "This chat does not collect contact details",
  "widget.tooManyRequestsFromNetwork": "Too many requests from your network. Please try again in a minute.",
  "widget.tooManyRequestsFromNetworkWait":
    "Too many requests from your network. Please wait a moment and try again.",
  "widget.tooManyRequestsFromNetworkTry": "Too many requests from your network. Please try again later.",
  "widget.tooManyConnectionTestsWait": "Too many connection tests. Please wait a minute and try again.",
  "widget.tooManyNewConversationsFrom":
    "Too many new conversations from your network. Please try again later.",
  "widget.youreSendingMessagesTooQuickly":
    "You're sending messages too quickly. Please wait a moment and try again.",
  "widget.youreSendingFeedbackTooQuickly":
    "You're sending feedback too quickly. Please wait a moment and try again.",
  "widget.sorrySomethingWentWrongWhile": "Sorry, something went wrong while answering. Please try again.",
  // ——— API keys and the public API (/api/v1) ———
  "apiKeys.sendApiKeyAsAuthorization": "Send your API key as `Authorization: Bearer <key>`",
  "apiKeys.tooManyRequestsWithApi":
    "Too many requests with this API key. Please slow down and try again in a minute.",
  "apiKeys.apiKeyDoesNotHave": "This API key does not have the `{{scope}}` scope.",
  "apiKeys.keyCannotDoThis": "An API key cannot do this. Sign in to Parley to do it.",
  "apiKeys.apiKeyNotFound": "API key not found",
  "apiKeys.invalidApiKey": "Invalid API key",
  "apiKeys.apiKeyHasBeenRevoked": "This API key has been revoked",
  "apiKeys.apiKeyHasExpired": "This API key has expired",
  "apiKeys.planDoesNotIncludeApi":
    "Your {{plan}} plan does not include API access. Upgrade to Pro or Business to use API keys.",
  "apiKeys.expiryMustBeInFuture": "The expiry must be in the future",
  "apiKeys.workspaceCanHoldApiKeys":
    "A workspace can hold {{max}} API keys. Revoke one you no longer use first.",
  "apiKeys.sendDocumentAsMultipartForm": "Send the document as multipart/form-data, in the `file` field.",
  "apiKeys.workspaceHasUsedItsPlans": "This workspace has used its plan's messages for this month.",
  "apiKeys.workspaceHasUsedItsPlansMessages":
    "This workspace has used its plan's messages for this month. Upgrade the plan to answer more.",
  "apiKeys.somethingWentWrongWhileAnswering": "Something went wrong while answering. Please try again.",
  "apiKeys.botsAiModelCouldNot": "The bot's AI model could not answer. Please try again.",
  "apiKeys.giveKeyName": "Give the key a name",
  "apiKeys.keepNameUnderCharacters": "Keep the name under {{max}} characters",
  "apiKeys.chooseAtLeastOneScope": "Choose at least one scope",
  "apiKeys.enterDateAndTime": "Enter a date and time",
  // ——— Webhooks ———
  "webhooks.webhookEndpointNotFound": "Webhook endpoint not found",
  "webhooks.deliveryNotFound": "Delivery not found",
  "webhooks.planDoesNotIncludeWebhooks":
    "Your {{plan}} plan does not include webhooks. Upgrade to Pro or Business to use them.",
  "webhooks.workspaceCanHaveAtMost": "A workspace can have at most {{count}} webhook endpoints.",
  "webhooks.endpointTurnedOffTurnIt": "This endpoint is turned off. Turn it on to send events to it.",
  "webhooks.endpointTurnedOff": "The endpoint is turned off.",
  "webhooks.tooManyTestEventsAnd":
    "Too many test events and redeliveries. Please wait a minute and try again.",
  "webhooks.receiverAnswered": "The receiver answered {{status}}.",
  "webhooks.receiverAnsweredWithRedirectWebhooks":
    "The receiver answered with a redirect ({{status}}); webhooks do not follow redirects.",
  "webhooks.receiverDidNotAnswerIn": "The receiver did not answer in time.",
  "webhooks.receiversHostNameCouldNot": "The receiver's host name could not be resolved.",
  "webhooks.receiverRefusedConnection": "The receiver refused the connection.",
  "webhooks.receiverClosedConnection": "The receiver closed the connection.",
  "webhooks.receiverCouldNotBeReached": "The receiver could not be reached.",
  "webhooks.onlyHttpAndHttpsAddresses": "Only http and https addresses can receive webhooks",
  "webhooks.addressCanBeAtMost": "An address can be at most {{max}} characters",
  "webhooks.chooseAtLeastOneEvent": "Choose at least one event",
  "webhooks.descriptionCanBeAtMost": "A description can be at most {{max}} characters",
  "webhooks.descriptionOneLine": "A description is one line",
  // ——— WhatsApp and other messaging channels ———
  "channels.enterPhoneNumberId": "Enter the phone number ID",
  "channels.phoneNumberIdNumberOf": "The phone number ID is a number of at most 32 digits",
  "channels.phoneNumberIdNumberDigits":
    "The phone number ID is a number (digits only), as Meta's app settings show it",
  "channels.enterWhatsappBusinessAccountId": "Enter the WhatsApp Business Account ID",
  "channels.whatsappBusinessAccountIdNumber":
    "The WhatsApp Business Account ID is a number of at most 32 digits",
  "channels.whatsappBusinessAccountIdNumberDigits":
    "The WhatsApp Business Account ID is a number (digits only), as Meta's app settings show it",
  "channels.enterAccessToken": "Enter the access token",
  "channels.accessTokenAtMost1024": "The access token is at most 1024 characters",
  "channels.accessTokenHasNoSpaces":
    "The access token has no spaces or line breaks: paste it as Meta shows it",
  "channels.enterAppSecret": "Enter the app secret",
  "channels.appSecretAtMost128": "The app secret is at most 128 characters",
  "channels.appSecretHasNoSpaces": "The app secret has no spaces or line breaks: paste it as Meta shows it",
  "channels.templateNameHasLowerCase": "A template name has lower-case letters, digits and underscores",
  "channels.languageCodeSuchAsEn": "A language code such as en or en_US",
  "channels.fillInEveryValue": "Fill in every value",
  "channels.valueAtMostCharacters": "A value is at most {{max}} characters",
  "channels.valueOneLineWithoutTabs": "A value is one line, without tabs or runs of spaces",
  "channels.planDoesNotIncludeWhatsapp":
    "Your {{plan}} plan does not include WhatsApp. Upgrade to Pro or Business to connect a number.",
  "channels.channelNotFound": "Channel not found",
  "channels.numberAlreadyConnectedToParley":
    "This number is already connected to a Parley chatbot of another workspace.",
  "channels.numberAlreadyConnectedToOne":
    "This number is already connected to one of your chatbots. Disconnect it there first.",
  "channels.numberWasJustConnectedTo": "This number was just connected to a Parley chatbot.",
  "channels.metaDidNotAcceptAccess":
    "Meta did not accept the access token (error {{code}}). Check that it is a permanent token of a system user with the whatsapp_business_messaging and whatsapp_business_management permissions, and that it has not expired.",
  "channels.metaDidNotAcceptAccessToken":
    'Meta did not accept the access token (error {{code}}). Check that it is a permanent token of a system user with the whatsapp_business_messaging and whatsapp_business_management permissions, and that it has not expired. Meta said: "{{said}}"',
  "channels.metaCouldNotBeReached":
    "Meta could not be reached to check the number right now. Try again in a minute.",
  "channels.metaCouldNotBeReachedTo":
    'Meta could not be reached to check the number right now. Try again in a minute. Meta said: "{{said}}"',
  "channels.metaDoesNotKnowPhone":
    "Meta does not know this phone number ID, or it does not belong to this token (error {{code}}). Copy the phone number ID from WhatsApp → API Setup in your Meta app, not the phone number itself.",
  "channels.metaDoesNotKnowPhoneNumber":
    'Meta does not know this phone number ID, or it does not belong to this token (error {{code}}). Copy the phone number ID from WhatsApp → API Setup in your Meta app, not the phone number itself. Meta said: "{{said}}"',
  "channels.metaDoesNotKnowWhatsapp":
    'Meta does not know WhatsApp Business Account ID {{id}}, or it does not belong to this token (error {{code}}). Copy it from WhatsApp → API Setup in your Meta app. Meta said: "{{said}}"',
  "channels.tooManyAttemptsToConnect":
    "Too many attempts to connect a number. Please wait a minute and try again.",
  "channels.templatesForWhatsappConversationsOnly": "Templates are for WhatsApp conversations only.",
  "channels.tooManyRequestsForTemplates":
    "Too many requests for templates. Please wait a moment and try again.",
  "channels.thereNoApprovedTemplateIn":
    'There is no approved template "{{name}}" in {{language}}. It may have been paused or deleted in Meta.',
  "channels.templateTakes1ValueNot": "This template takes 1 value, not {{count}}.",
  "channels.templateTakesValuesNot": "This template takes {{expected}} values, not {{count}}.",
  "channels.moreThan24HoursHave":
    "More than 24 hours have passed since the customer's last message, so WhatsApp allows only an approved template now.",
  "channels.onlyCustomersConversationsCanBe": "Only customers' conversations can be handed to a person.",
  "channels.handlingConversationOnlyTheyOwner":
    "{{name}} is handling this conversation. Only they, an owner or an admin can hand it back or close it.",
  "channels.notSentWhatsappNumberWas": "Not sent: the WhatsApp number was disconnected.",
  "channels.notSentWhatsappConnectionNeeds":
    "Not sent: the WhatsApp connection needs attention. An owner or admin can reconnect it in the chatbot's settings.",
  "channels.notSentMoreThan24":
    "Not sent: more than 24 hours have passed since the customer's last message. Send an approved template instead.",
  "channels.notDeliveredMoreThan24":
    "Not delivered: more than 24 hours have passed since the customer's last message. Send an approved template instead.",
  "channels.metaRefusedMessage": "Meta refused this message: {{said}}",
  "channels.notSentMetaRefusedNumbers":
    "Not sent: Meta refused the number's access token, so the WhatsApp connection needs attention. Meta said: {{said}}",
  "channels.customerCantReceiveMessageThey":
    "The customer can't receive this message: they may have blocked the business, or this number is not on WhatsApp. Meta said: {{said}}",
  "channels.notSentMetaKeptRefusing":
    "Not sent: Meta kept refusing or could not be reached after several tries ({{said}}).",
  // ——— Auth service: workspaces, accounts ———
  // The invitation link's public details (issue #25).
  "account.weCouldNotFindInvitation": "We could not find this invitation. Check the link in your e-mail.",
  "account.notInvitationId": "Not an invitation id",
  "account.planIncludes1SeatAnd":
    "Your {{plan}} plan includes 1 seat, and every seat is taken by a member or a pending invitation. Upgrade your plan on the Billing page, or revoke a pending invitation, to invite someone new.",
  "account.planIncludesSeatsAndEvery":
    "Your {{plan}} plan includes {{count}} seats, and every seat is taken by a member or a pending invitation. Upgrade your plan on the Billing page, or revoke a pending invitation, to invite someone new.",
  "account.weCouldNotCheckPlans":
    "We could not check your plan's seats just now. Please try again in a moment.",
  "account.enterValidEmailAddressLike": "Enter a valid email address, like name@company.com.",
  "account.chooseOneRoleOwnerAdmin": "Choose one role: owner, admin or agent.",
  "account.giveWorkspaceName": "Give the workspace a name.",
  // Every name and title people see follows one rule (issue #35; @parley/contracts common/names.ts).
  "account.nameOrTitleOneLine":
    "A name or title is one line of text: remove line breaks, tabs and other control characters.",
  "account.enterName": "Please enter your name.",
  "account.nameCanBeAtMost": "A name can be at most {{max}} characters long.",
  "account.nameOneLineOfText":
    "A name is one line of text: remove line breaks, tabs and other control characters.",
  "account.workspaceNameCanBeAt": "A workspace name can be at most {{max}} characters long.",
  "account.workspaceNameOneLineOf":
    "A workspace name is one line of text: remove line breaks, tabs and other control characters.",
  "account.workspacesAddressCanBeAt":
    "A workspace's address can be at most {{max}} characters: lowercase letters, digits and single dashes.",
  "account.workspaceHasNameOnlyHere":
    "A workspace has a name only here: its logo and metadata cannot be set.",
  "account.ownerOfPersonalWorkspaceAlways":
    "The owner of a personal workspace always stays its owner. It is deleted with their account.",
  "account.youOnlyOwnerOfWhich":
    "You are the only owner of {{workspaces}}, which has other members. Make another member an owner (or remove the members) before deleting your account.",
  "account.chooseLanguageEnOrAr": "Choose a language: en or ar.",
  "account.unknownPlatform": "Unknown platform",
  "account.passwordTooShortUseAt": "Password is too short: use at least {{min}} characters",
  "account.passwordTooLongUseAt": "Password is too long: use at most {{max}} characters",
  // ——— better-auth's own messages (as better-auth-messages.ts names them) ———
  "betterAuth.invalidEmailOrPassword": "Invalid email or password",
  "betterAuth.invalidPassword": "Invalid password",
  "betterAuth.emailNotVerified": "Email not verified",
  "betterAuth.invalidEmail": "Invalid email",
  "betterAuth.passwordTooShort": "Password too short",
  "betterAuth.passwordTooLong": "Password too long",
  "betterAuth.userAlreadyExists": "User already exists",
  "betterAuth.userAlreadyExistsSentence": "User already exists.",
  "betterAuth.userAlreadyExistsUseAnother": "User already exists. Use another email.",
  "betterAuth.invalidToken": "Invalid token",
  "betterAuth.tokenExpired": "Token expired",
  "betterAuth.sessionExpiredReAuthenticateTo": "Session expired. Re-authenticate to perform this action.",
  "betterAuth.sessionExpired": "Session expired",
  "betterAuth.providerNotFound": "Provider not found",
  "betterAuth.verificationEmailIsntEnabled": "Verification email isn't enabled",
  "betterAuth.emailAndPasswordNotEnabled": "Email and password is not enabled",
  "betterAuth.emailAndPasswordSignUp": "Email and password sign up is not enabled",
  "betterAuth.resetPasswordIsntEnabled": "Reset password isn't enabled",
  "betterAuth.youCanOnlySendVerification": "You can only send a verification email to an unverified email",
  "betterAuth.emailAlreadyVerified": "Email is already verified",
  "betterAuth.youCanOnlySendVerificationEmail": "You can only send a verification email to your own email",
  "betterAuth.emailMismatch": "Email mismatch",
  "betterAuth.userAlreadyHasPassword": "user already has a password",
  "betterAuth.changeEmailDisabled": "Change email is disabled",
  "betterAuth.accountNotFound": "Account not found",
  "betterAuth.failedToGetValidAccess": "Failed to get a valid access token",
  "betterAuth.failedToRefreshAccessToken": "Failed to refresh access token",
  "betterAuth.invalidOrigin": "Invalid origin",
  "betterAuth.invalidCallbackurl": "Invalid callbackURL",
  "betterAuth.emailSame": "Email is the same",
  "betterAuth.couldntUpdateEmail": "Couldn't update your email",
  "betterAuth.youCantUnlinkLastAccount": "You can't unlink your last account",
  "betterAuth.unauthorized": "Unauthorized",
  // ——— The operator's console (platform staff) ———
  "console.areaForParleysStaffOnly": "This area is for Parley's staff only.",
  "console.staffRoleCanLookNot": "Your staff role can look, not change: ask a platform admin.",
  "console.signInAgainToContinue":
    "Sign in again to continue: changes in the console need a sign-in within the last 10 minutes.",
  "console.apiKeysCannotUseOperators": "API keys cannot use the operator's console.",
  "console.workspaceNotFound": "Workspace not found",
  "console.paymentAlreadyDecidedThereNothing":
    "This payment is already decided: there is nothing to ask the gateway",
  "console.freePlanHasNoPrice": "The Free plan has no price to change",
  "console.paidPlanNeedsPriceAbove": "A paid plan needs a price above zero",
  "console.freePlanCannotBeRetired": "The Free plan cannot be retired: every workspace falls back to it",
  "console.nothingToChange": "Nothing to change",
  "console.onlyCapturedPaymentCanBe": "Only a captured payment can be refunded",
  "console.gatewayTakesRefundsOnlyIn": "This gateway takes refunds only in its own console: refund it there",
  "console.refundCannotBeMoreThan":
    "A refund cannot be more than what is left of the payment ({{amount}} {{currency}})",
  "console.paymentWasAlreadyRefundedIn": "This payment was already refunded in full",
  "console.paymentNotOneForCurrent":
    "This payment is not the one for the current paid period: keep the plan as it is",
  "console.gatewayHasNoRefundApi": "The gateway has no refund API",
  "console.cardGatewayRefusedRefund": "The card gateway refused the refund",
  "console.gatewayRefusedRefund": "The gateway refused the refund",
  "console.onlyPaymentHeldForReview": "Only a payment held for review can be resolved here",
  "console.declinedAfterReviewAmountPaid": "Declined after review: the amount paid did not match the price",
  "console.useAtMostDecimalPlaces": "Use at most {{digits}} decimal places for {{currency}}",
  "console.someoneChangedPlanSinceYou":
    "Someone changed this plan since you opened it (version {{version}}). Reload it and make your change again.",
  "console.grantPaidPlanEveryWorkspace": "Grant a paid plan: every workspace has the Free plan already",
  "console.chooseEndDateInFuture": "Choose an end date in the future",
  "console.grantAtMostThreeYears": "Grant at most three years at a time",
  "console.sayWhyInFewWords": "Say why, in a few words",
  "console.keepReasonUnder500Characters": "Keep the reason under 500 characters",
  "console.givePlanNameInBoth": "Give the plan a name in both languages",
  "console.typeAtLeast2Characters": "Type at least 2 characters to search",
} as const satisfies Record<string, string>;

/** A server message's code. */
export type ServerMessageKey = keyof typeof serverCatalog;
