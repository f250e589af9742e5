import './electron/main'
