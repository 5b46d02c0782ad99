// Preloaded (node --require) by the CTests library_differential_dynalite_down_<mode>: a dynalite that is not running
// must make the differential say so and fail, never pass. Every server this process starts is broken as
// IW_DYNALITE_DOWN says — "start": listen() fails; "silent": it listens, and closes each connection unanswered.
'use strict';
const net = require('net');
const mode = process.env.IW_DYNALITE_DOWN || 'start';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
    if (mode === 'start') {
        process.nextTick(() => this.emit('error', new Error('listen EADDRNOTAVAIL (made to fail by the test)')));
        return this;
    }
    this.on('connection', (socket) => socket.destroy());
    return listen.apply(this, args);
};
