// Generated from /api/v1/openapi.json by openapi-typescript (test/public-api/openapi-types.ts).
// Do not edit: openapi.test.ts fails when this file is stale; rerun the script to refresh it.

export interface paths {
    "/api/v1/chatbots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the workspace's chatbots (newest first; cursor pages) */
        get: operations["listChatbots"];
        put?: never;
        /** Create a chatbot */
        post: operations["createChatbot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chatbots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a chatbot */
        get: operations["getChatbot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a chatbot's settings (only the fields sent) */
        patch: operations["updateChatbot"];
        trace?: never;
    };
    "/api/v1/chatbots/{id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a chatbot's knowledge sources, with their status (newest first; cursor pages) */
        get: operations["listSources"];
        put?: never;
        /** Add a text, Q&A or website source (learned in the background) */
        post: operations["createSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chatbots/{id}/sources/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a document (PDF, DOCX, TXT, MD, HTML) as `file` in multipart/form-data */
        post: operations["uploadSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chatbots/{id}/sources/{sourceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a source and its status (queued, processing, ready, failed) */
        get: operations["getSource"];
        put?: never;
        post?: never;
        /** Delete a source (the bot forgets it at once) */
        delete: operations["deleteSource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chatbots/{id}/sources/{sourceId}/resync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Learn a website or document source again */
        post: operations["resyncSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chatbots/{id}/ask": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a chatbot. JSON by default; with `Accept: text/event-stream`, Server-Sent Events (`start`, `delta`…, `done` or `error`). Pass `conversationId` to continue.
         * @description With `Accept: text/event-stream` the answer is a stream of Server-Sent Events instead of JSON: `start` {conversationId, questionId}, then `delta` {text}…, then `done` {messageId, answered, fallback, citations, engine, heldForTeam} or `error` {code, message}. `fallback`: the bot had no answer and the text is its fallback reply (it offers no person: hand over in your own way).
         */
        post: operations["askChatbot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the workspace's conversations (newest activity first; cursor pages) */
        get: operations["listConversations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a conversation with its messages and leads */
        get: operations["getConversation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a conversation's messages (oldest first; cursor pages) */
        get: operations["listConversationMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the workspace's leads (newest first; cursor pages) */
        get: operations["listLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ApiAnswer: {
            conversationId: string;
            questionId: string;
            answer: {
                messageId: string | null;
                text: string;
                answered: boolean;
                fallback: boolean;
                citations: components["schemas"]["Citation"][];
                /** @enum {string} */
                engine: "builtin" | "openai-compatible";
            };
            heldForTeam: boolean;
        };
        ApiAsk: {
            content: string;
            conversationId?: string;
            /** @enum {string} */
            language?: "en" | "ar";
        };
        ApiChatbotPage: {
            items: components["schemas"]["ChatbotListItem"][];
            nextCursor: string | null;
        };
        ApiLeadPage: {
            items: components["schemas"]["LeadRow"][];
            nextCursor: string | null;
        };
        ApiMessagePage: {
            items: components["schemas"]["TranscriptMessage"][];
            nextCursor: string | null;
        };
        ApiSourcePage: {
            items: components["schemas"]["KnowledgeSource"][];
            nextCursor: string | null;
        };
        Chatbot: {
            _id: string;
            name: string;
            instructions: string;
            greeting: string;
            suggestedQuestions: string[];
            fallbackReply: string;
            handoffReply: string;
            offHoursReply: string;
            handoff: {
                enabled: boolean;
                officeHours: {
                    timeZone: string;
                    days: ({
                        open: string;
                        close: string;
                    } | null)[];
                } | null;
                waitSeconds?: number;
            };
            /** @enum {string} */
            defaultLanguage: "en" | "ar";
            languages: ("en" | "ar")[];
            translations: {
                en?: {
                    greeting: string;
                    suggestedQuestions: string[];
                    fallbackReply: string;
                    launcherText: string;
                    greetingBubbleText: string;
                    handoffReply: string;
                    offHoursReply: string;
                };
                ar?: {
                    greeting: string;
                    suggestedQuestions: string[];
                    fallbackReply: string;
                    launcherText: string;
                    greetingBubbleText: string;
                    handoffReply: string;
                    offHoursReply: string;
                };
            };
            model: {
                /** @enum {string} */
                provider: "builtin" | "openai-compatible";
                model: string | null;
                baseUrl: string | null;
                temperature: number;
                maxAnswerTokens: number;
                /** @enum {string} */
                caution: "answer_more" | "balanced" | "cautious";
                hasApiKey: boolean;
                apiKeyLast4: string | null;
            };
            embeddings: {
                model: string | null;
                baseUrl: string | null;
                hasApiKey: boolean;
            };
            theme: {
                primaryColor: string;
                /** @enum {string} */
                position: "bottom-right" | "bottom-left";
                launcherText: string;
            };
            greetingBubble: {
                enabled: boolean;
                text: string;
                delaySeconds: number;
            };
            allowedDomains: string[];
            leadCapture: boolean;
            retentionDays: number;
            published: boolean;
            suspended?: {
                at: string;
                reason: string;
            } | null;
            createdAt: string;
            updatedAt: string;
        };
        ChatbotCreate: {
            name: string;
            instructions?: string;
            greeting?: string;
            suggestedQuestions?: string[];
            fallbackReply?: string;
            handoffReply?: string;
            offHoursReply?: string;
            handoff?: {
                enabled?: boolean;
                officeHours?: {
                    timeZone: string;
                    days: ({
                        open: string;
                        close: string;
                    } | null)[];
                } | null;
                waitSeconds?: number;
            };
            /** @enum {string} */
            defaultLanguage?: "en" | "ar";
            languages?: ("en" | "ar")[];
            translations?: {
                en?: {
                    greeting?: string;
                    suggestedQuestions?: string[];
                    fallbackReply?: string;
                    launcherText?: string;
                    greetingBubbleText?: string;
                    handoffReply?: string;
                    offHoursReply?: string;
                };
                ar?: {
                    greeting?: string;
                    suggestedQuestions?: string[];
                    fallbackReply?: string;
                    launcherText?: string;
                    greetingBubbleText?: string;
                    handoffReply?: string;
                    offHoursReply?: string;
                };
            };
            model?: {
                /** @enum {string} */
                provider?: "builtin" | "openai-compatible";
                model?: string | null;
                baseUrl?: string | null;
                temperature?: number;
                maxAnswerTokens?: number;
                /** @enum {string} */
                caution?: "answer_more" | "balanced" | "cautious";
                apiKey?: string | null;
            };
            embeddings?: {
                model?: string | null;
                baseUrl?: string | null;
                apiKey?: string | null;
            };
            theme?: {
                primaryColor?: string;
                /** @enum {string} */
                position?: "bottom-right" | "bottom-left";
                launcherText?: string;
            };
            greetingBubble?: {
                enabled?: boolean;
                text?: string;
                delaySeconds?: number;
            };
            allowedDomains?: string[];
            leadCapture?: boolean;
            retentionDays?: number;
            published?: boolean;
        };
        ChatbotListItem: {
            _id: string;
            name: string;
            instructions: string;
            greeting: string;
            suggestedQuestions: string[];
            fallbackReply: string;
            handoffReply: string;
            offHoursReply: string;
            handoff: {
                enabled: boolean;
                officeHours: {
                    timeZone: string;
                    days: ({
                        open: string;
                        close: string;
                    } | null)[];
                } | null;
                waitSeconds?: number;
            };
            /** @enum {string} */
            defaultLanguage: "en" | "ar";
            languages: ("en" | "ar")[];
            translations: {
                en?: {
                    greeting: string;
                    suggestedQuestions: string[];
                    fallbackReply: string;
                    launcherText: string;
                    greetingBubbleText: string;
                    handoffReply: string;
                    offHoursReply: string;
                };
                ar?: {
                    greeting: string;
                    suggestedQuestions: string[];
                    fallbackReply: string;
                    launcherText: string;
                    greetingBubbleText: string;
                    handoffReply: string;
                    offHoursReply: string;
                };
            };
            model: {
                /** @enum {string} */
                provider: "builtin" | "openai-compatible";
                model: string | null;
                baseUrl: string | null;
                temperature: number;
                maxAnswerTokens: number;
                /** @enum {string} */
                caution: "answer_more" | "balanced" | "cautious";
                hasApiKey: boolean;
                apiKeyLast4: string | null;
            };
            embeddings: {
                model: string | null;
                baseUrl: string | null;
                hasApiKey: boolean;
            };
            theme: {
                primaryColor: string;
                /** @enum {string} */
                position: "bottom-right" | "bottom-left";
                launcherText: string;
            };
            greetingBubble: {
                enabled: boolean;
                text: string;
                delaySeconds: number;
            };
            allowedDomains: string[];
            leadCapture: boolean;
            retentionDays: number;
            published: boolean;
            suspended?: {
                at: string;
                reason: string;
            } | null;
            createdAt: string;
            updatedAt: string;
            sourceCount: number;
            readySourceCount: number;
        };
        ChatbotUpdate: {
            name?: string;
            instructions?: string;
            greeting?: string;
            suggestedQuestions?: string[];
            fallbackReply?: string;
            handoffReply?: string;
            offHoursReply?: string;
            handoff?: {
                enabled?: boolean;
                officeHours?: {
                    timeZone: string;
                    days: ({
                        open: string;
                        close: string;
                    } | null)[];
                } | null;
                waitSeconds?: number;
            };
            /** @enum {string} */
            defaultLanguage?: "en" | "ar";
            languages?: ("en" | "ar")[];
            translations?: {
                en?: {
                    greeting?: string;
                    suggestedQuestions?: string[];
                    fallbackReply?: string;
                    launcherText?: string;
                    greetingBubbleText?: string;
                    handoffReply?: string;
                    offHoursReply?: string;
                };
                ar?: {
                    greeting?: string;
                    suggestedQuestions?: string[];
                    fallbackReply?: string;
                    launcherText?: string;
                    greetingBubbleText?: string;
                    handoffReply?: string;
                    offHoursReply?: string;
                };
            };
            model?: {
                /** @enum {string} */
                provider?: "builtin" | "openai-compatible";
                model?: string | null;
                baseUrl?: string | null;
                temperature?: number;
                maxAnswerTokens?: number;
                /** @enum {string} */
                caution?: "answer_more" | "balanced" | "cautious";
                apiKey?: string | null;
            };
            embeddings?: {
                model?: string | null;
                baseUrl?: string | null;
                apiKey?: string | null;
            };
            theme?: {
                primaryColor?: string;
                /** @enum {string} */
                position?: "bottom-right" | "bottom-left";
                launcherText?: string;
            };
            greetingBubble?: {
                enabled?: boolean;
                text?: string;
                delaySeconds?: number;
            };
            allowedDomains?: string[];
            leadCapture?: boolean;
            retentionDays?: number;
            published?: boolean;
        };
        Citation: {
            sourceId: string;
            title: string;
            /** @enum {string} */
            kind: "text" | "qa" | "file" | "website";
            url: string | null;
            snippet: string;
        };
        ConversationPage: {
            items: components["schemas"]["ConversationSummary"][];
            nextCursor: string | null;
        };
        ConversationSummary: {
            _id: string;
            chatbotId: string;
            chatbotName: string;
            /** @enum {string} */
            channel: "widget" | "api" | "whatsapp";
            visitorId: string | null;
            contact: {
                id: string;
                name: string | null;
            } | null;
            language: ("en" | "ar") | null;
            replyWindowEndsAt: string | null;
            createdAt: string;
            lastMessageAt: string;
            messageCount: number;
            firstQuestion: string | null;
            unansweredCount: number;
            upCount: number;
            downCount: number;
            hasLead: boolean;
            customer: {
                id: string;
                email: string | null;
                name: string | null;
            } | null;
            /** @enum {string} */
            status: "bot" | "waiting" | "claimed" | "closed";
            assignee: {
                id: string;
                name: string;
            } | null;
            waitingSince: string | null;
        };
        Error: {
            error: {
                /** @enum {string} */
                code: "BAD_REQUEST" | "VALIDATION_FAILED" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "RATE_LIMITED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "SERVICE_UNAVAILABLE" | "INTERNAL" | "PLAN_LIMIT_REACHED" | "PAYMENT_AMOUNT_MISMATCH" | "SIGNATURE_INVALID" | "PAYMENT_NOT_PAYABLE" | "GATEWAY_ERROR" | "MODEL_NOT_CONFIGURED" | "NOT_A_MEMBER" | "REPLY_WINDOW_CLOSED" | "CHANNEL_REFUSED" | "CHANNEL_UNAVAILABLE" | "STEP_UP_REQUIRED";
                message: string;
                messageKey?: string;
                values?: {
                    [key: string]: string | number;
                };
                requestId: string;
                details?: {
                    path: string;
                    message: string;
                    messageKey?: string;
                    values?: {
                        [key: string]: string | number;
                    };
                }[];
            };
        };
        KnowledgeSource: {
            _id: string;
            chatbotId: string;
            /** @enum {string} */
            kind: "text" | "qa" | "file" | "website";
            title: string;
            /** @enum {string} */
            status: "queued" | "processing" | "ready" | "failed";
            progress: {
                done: number;
                total: number;
                /** @enum {string} */
                unit: "pages" | "bytes" | "items";
            };
            error: string | null;
            chunkCount: number;
            skippedPages: {
                url: string;
                reason: string;
            }[];
            url: string | null;
            fileName: string | null;
            mimeType: string | null;
            sizeBytes: number | null;
            question: string | null;
            answer: string | null;
            lastSyncedAt: string | null;
            include: string[];
            exclude: string[];
            /** @enum {string} */
            resync: "off" | "daily" | "weekly";
            nextSyncAt: string | null;
            resyncPaused: boolean;
            lastSync: {
                /** @enum {string} */
                status: "running" | "succeeded" | "failed" | "held";
                finishedAt: string | null;
                added: number;
                changed: number;
                removed: number;
                unchanged: number;
                failed: number;
            } | null;
            embedding: {
                /** @enum {string} */
                status: "queued" | "running" | "ready" | "failed";
                model: string | null;
                done: number;
                total: number;
                error: string | null;
            } | null;
            createdAt: string;
            updatedAt: string;
        };
        LeadRow: {
            _id: string;
            email: string | null;
            name: string | null;
            phone: string | null;
            createdAt: string;
            chatbotId: string;
            chatbotName: string;
            conversationId: string;
        };
        SourceCreate: {
            /** @constant */
            kind: "text";
            title: string;
            content: string;
        } | {
            /** @constant */
            kind: "qa";
            question: string;
            answer: string;
        } | {
            /** @constant */
            kind: "website";
            /** Format: uri */
            url: string;
            maxPages?: number;
            include?: string[];
            exclude?: string[];
            /** @enum {string} */
            resync?: "off" | "daily" | "weekly";
        };
        Transcript: {
            _id: string;
            chatbotId: string;
            chatbotName: string;
            /** @enum {string} */
            channel: "widget" | "api" | "whatsapp";
            visitorId: string | null;
            contact: {
                id: string;
                name: string | null;
            } | null;
            language: ("en" | "ar") | null;
            replyWindowEndsAt: string | null;
            createdAt: string;
            lastMessageAt: string;
            messageCount: number;
            firstQuestion: string | null;
            unansweredCount: number;
            upCount: number;
            downCount: number;
            hasLead: boolean;
            customer: {
                id: string;
                email: string | null;
                name: string | null;
            } | null;
            /** @enum {string} */
            status: "bot" | "waiting" | "claimed" | "closed";
            assignee: {
                id: string;
                name: string;
            } | null;
            waitingSince: string | null;
            messages: components["schemas"]["TranscriptMessage"][];
            leads: {
                _id: string;
                email: string | null;
                name: string | null;
                phone: string | null;
                createdAt: string;
            }[];
        };
        TranscriptMessage: {
            _id: string;
            /** @enum {string} */
            role: "user" | "assistant" | "agent";
            content: string;
            citations: components["schemas"]["Citation"][];
            answered: boolean | null;
            feedback: ("up" | "down") | null;
            createdAt: string;
            confidence?: number | null;
            interrupted: boolean;
            author: {
                id: string;
                name: string;
            } | null;
            /** @enum {string} */
            contentType: "text" | "image" | "document" | "audio" | "video" | "sticker" | "location" | "template" | "other";
            delivery: {
                /** @enum {string} */
                status: "queued" | "sent" | "delivered" | "read" | "failed";
                error: {
                    code: number;
                    message: string;
                } | null;
                at: string | null;
            } | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listChatbots: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiChatbotPage"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createChatbot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatbotCreate"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chatbot"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getChatbot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chatbot"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateChatbot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatbotUpdate"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chatbot"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSources: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiSourcePage"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SourceCreate"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeSource"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The document
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeSource"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeSource"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resyncSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeSource"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    askChatbot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiAsk"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiAnswer"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConversations: {
        parameters: {
            query?: {
                chatbotId?: string;
                channel?: "widget" | "api" | "whatsapp";
                from?: string;
                to?: string;
                rating?: "up" | "down";
                unanswered?: "true" | "false";
                hasLead?: "true" | "false";
                status?: "bot" | "waiting" | "claimed" | "closed";
                q?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationPage"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConversation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transcript"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConversationMessages: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiMessagePage"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLeads: {
        parameters: {
            query?: {
                chatbotId?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiLeadPage"];
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
