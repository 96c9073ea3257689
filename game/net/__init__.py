"""Network play: a room server over WebSockets (docs/net_protocol.md), its client library
and the command that seats a bot-protocol program in a remote room. No pygame here."""
