import CurlHTTP
