package protocol

// MessageType is the severity of a window message.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#messageType
type MessageType int

// The message types.
const (
	MessageError   MessageType = 1
	MessageWarning MessageType = 2
	MessageInfo    MessageType = 3
	MessageLog     MessageType = 4
)

// LogMessageParams is the parameter of window/logMessage.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#window_logMessage
type LogMessageParams struct {
	Type    MessageType `json:"type"`
	Message string      `json:"message"`
}

// ShowMessageParams is the parameter of window/showMessage.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#window_showMessage
type ShowMessageParams struct {
	Type    MessageType `json:"type"`
	Message string      `json:"message"`
}
