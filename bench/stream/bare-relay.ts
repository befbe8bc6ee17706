/**
 * The reference point of DESIGN §8: a bare socket.io relay — no auth, no limits, no persistence, one
 * socket.io message per token. It sends the upstream the same size of prompt as the app does.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const upstream = process.env.UPSTREAM_URL ?? 'http://127.0.0.1:9999/v1';
const persona = 'Ты — Аня, вымышленная взрослая собеседница. '.repeat(70);
const http = createServer((req, res) => res.writeHead(req.url === '/health' ? 200 : 404).end());
const io = new Server(http, { transports: ['websocket'] });

io.on('connection', (socket) => {
  socket.on('message', async (payload: { content: string; current_chat_id: string }) => {
    const chatId = payload.current_chat_id;
    const response = await fetch(`${upstream}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'bench',
        stream: true,
        messages: [
          { role: 'system', content: persona },
          { role: 'user', content: payload.content },
        ],
      }),
    });
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    let index = 0;
    for await (const bytes of response.body) {
      buffer += decoder.decode(bytes, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const data = buffer.slice(6, end);
        buffer = buffer.slice(end + 2);
        if (data === '[DONE]') continue;
        const chunk = JSON.parse(data).choices?.[0]?.delta?.content;
        if (chunk)
          socket.emit('message_chunk', { chat_id: chatId, chunk, chunk_index: index++, is_complete: false });
      }
    }
    socket.emit('message_chunk', { chat_id: chatId, chunk: '', chunk_index: index, is_complete: true });
    socket.emit('streaming_complete', { chat_id: chatId });
  });
});

http.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => io.close(() => process.exit(0)));
