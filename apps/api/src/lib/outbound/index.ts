export { refusedAddressReason } from "./address-policy";
export {
  blockedCause,
  createOutboundGuard,
  OutboundBlockedError,
  type OutboundGuard,
  type OutboundPolicy,
  type OutboundRequest,
  type OutboundResponse,
  OutboundTooLargeError,
  PRIVATE_ADDRESS_MESSAGE,
} from "./guard";
