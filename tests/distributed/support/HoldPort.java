import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Holds host:port with a socket that is bound but does not listen, as a client connection given that port as its
 * local one does (without SO_REUSEADDR, as most clients have it): nothing answers there, and a server cannot bind it.
 * Prints "held", then lets it go when its standard input closes. Usage: java HoldPort.java <host> <port>
 */
public final class HoldPort {
    public static void main(String[] args) throws Exception {
        try (Socket socket = new Socket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(args[0], Integer.parseInt(args[1])));
            System.out.println("held");
            System.out.flush();
            while (System.in.read() != -1) {
                // until the test closes our input
            }
        }
    }
}
